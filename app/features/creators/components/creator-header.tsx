import { ShareButton } from "~/components/ui/share-button";
import { useT } from "~/lib/i18n/react";
import type { CreatorProfile } from "../creators.server";
import { CreatorAvatar } from "./creator-avatar";

/** `children`: the follow button, handed in by the page. */
export function CreatorHeader({ creator, shareUrl, children }: { creator: CreatorProfile; shareUrl: string; children?: React.ReactNode }) {
  const { t } = useT("creator");
  const links = [
    creator.twitterUrl && { href: creator.twitterUrl, label: t("links.twitter") },
    creator.websiteUrl && { href: creator.websiteUrl, label: t("links.website") },
  ].filter((link) => !!link);
  return (
    <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
      <CreatorAvatar name={creator.name} slug={creator.slug} avatarUrl={creator.avatarUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h1 className="flex items-center justify-center gap-2 text-3xl font-black text-white sm:justify-start">
          <span className="break-words">{creator.name}</span>
          {creator.verified ? <VerifiedBadge label={t("verified")} /> : null}
        </h1>
        {creator.bio ? <p className="max-w-prose text-ink-200">{creator.bio}</p> : null}
        <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
          {children}
          {links.length ? (
            <ul aria-label={t("links.label")} className="flex flex-wrap gap-3">
              {links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="text-flame-300 underline underline-offset-4 hover:text-flame-400"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <ShareButton title={creator.name} url={shareUrl} />
        </div>
      </div>
    </header>
  );
}

function VerifiedBadge({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className="h-6 w-6 shrink-0 text-sky-400" fill="currentColor">
      <title>{label}</title>
      <path d="M12 1l2.6 2.2 3.4-.3.9 3.3 3 1.7-1.2 3.2 1.2 3.2-3 1.7-.9 3.3-3.4-.3L12 23l-2.6-2.2-3.4.3-.9-3.3-3-1.7L3.3 12 2.1 8.8l3-1.7.9-3.3 3.4.3z" />
      <path d="M7.5 12.3l3 3 6-6.3" fill="none" stroke="#0b0a10" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
