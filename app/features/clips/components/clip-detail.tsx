import { FollowButton } from "~/features/follows";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ShareButton } from "~/components/ui/share-button";
import { FlameButton, FlameRefusalNote, useFlame } from "~/features/flames";
import { deepenForWhiteText } from "~/lib/contrast";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import { useNonce } from "~/lib/nonce";
import type { ClipCard } from "../clip-card.server";
import type { ClipPageData } from "../clip-page.server";
import { clockDuration, isoDuration } from "../duration";
import { ClipGridCard } from "./clip-grid-card";
import { ClipPageMenu } from "./clip-page-menu";
import { CopyLink } from "./copy-link";
import { FullContentAction } from "./full-content";
import { ClipPlayer } from "./player/clip-player";
import { TagLinks } from "./tag-links";
import { localName, localText } from "~/lib/i18n/languages";
import { reportSignal } from "~/features/signals";

/** The video page: the clip, what to do with it, its tags and related clips (docs/product.md §6.1). */
export function ClipDetail({ data }: { data: ClipPageData }) {
  const { t, language } = useT("clip");
  const { clip } = data;
  const categoryName = localName(language, clip.category);
  const description = localText(language, clip.description, clip.descriptionEs);

  return (
    <div className="flex flex-col gap-12">
      <StructuredData json={data.seo.jsonLd} />
      <article aria-labelledby="video-title" className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start lg:gap-10">
        <ClipPlayer clip={clip} />

        <div className="flex min-w-0 flex-col gap-5">
          <header className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-300">
              <Link
                to={`/?category=${clip.category.slug}`}
                aria-label={t("details.category", { name: categoryName })}
                className="rounded-full px-2.5 py-0.5 text-xs font-semibold text-white hover:brightness-90"
                style={{ background: deepenForWhiteText(clip.category.color) }}
              >
                {categoryName}
              </Link>
              <span>
                <span className="sr-only">{t("details.duration")}: </span>
                <time dateTime={isoDuration(clip.durationSeconds)}>{clockDuration(clip.durationSeconds)}</time>
              </span>
              <span aria-hidden="true">·</span>
              <span>
                <span className="sr-only">{t("details.published")}: </span>
                <time dateTime={clip.publishedAt}>{formatLongDate(clip.publishedAt, language)}</time>
              </span>
              <span aria-hidden="true">·</span>
              <span>{t("details.views", { count: clip.views })}</span>
            </div>
            <h1 id="video-title" className="text-2xl font-bold leading-tight text-white sm:text-3xl">
              {clip.title}
            </h1>
            <CreatorLink clip={clip} />
          </header>

          {description ? <p className="max-w-prose leading-relaxed text-ink-200">{description}</p> : null}

          <div role="group" aria-label={t("actions.label")} className="flex flex-wrap items-start gap-3">
            <ClipFlame clipId={clip.id} {...data.flame} />
            <ShareButton title={clip.title} url={data.canonicalUrl} onShared={() => reportSignal({ clipId: clip.id, kind: "share" })} />
            <FullContentAction clip={clip} />
            <ClipPageMenu slug={clip.slug} title={clip.title} />
          </div>

          {data.tags.length ? (
            <section aria-labelledby="video-tags" className="flex flex-col gap-2">
              <h2 id="video-tags" className="text-sm font-semibold text-ink-200">
                {t("tags.heading")}
              </h2>
              <TagLinks tags={data.tags} />
            </section>
          ) : null}

          <CopyLink url={data.canonicalUrl} />
        </div>
      </article>

      <section aria-labelledby="related-videos" className="flex flex-col gap-4">
        <h2 id="related-videos" className="text-xl font-bold text-white">
          {t("related.heading")}
        </h2>
        {data.related.length ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
            {data.related.map((item) => (
              <li key={item.clip.id} className="grid">
                <ClipGridCard clip={item.clip} tags={item.tags} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-300">{t("related.empty")}</p>
        )}
      </section>
    </div>
  );
}

/** JSON is escaped by the loader; the nonce lets it through the page's CSP. */
function StructuredData({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
  );
}

function CreatorLink({ clip }: { clip: ClipCard }) {
  const { t } = useT("clip");
  const initials = clip.creatorName
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <p className="flex items-center gap-2 text-ink-300">
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-ink-700 text-xs font-bold text-white">
        {initials}
      </span>
      <span>
        {t("details.by")}{" "}
        <Link to={`/creator/${clip.creatorSlug}`} className="font-semibold text-white hover:underline">
          {clip.creatorName}
        </Link>
      </span>
      <FollowButton creatorSlug={clip.creatorSlug} creatorName={clip.creatorName} following={null} size="compact" />
    </p>
  );
}

/**
 * Only signed-in users give flames here (docs/product.md §7.4); everyone else reads the rule,
 * in the same words as the feed, and a press invites them to sign in.
 */
function ClipFlame(props: { clipId: string; flamed: boolean; flames: number; canFlame: boolean }) {
  const { t } = useT("feed");
  const flame = useFlame(props.clipId, { flamed: props.flamed, flames: props.flames });
  const [invite, setInvite] = useState(false);
  const location = useLocation();
  return (
    <div className="flex flex-col items-start gap-2">
      <FlameButton
        flamed={flame.flamed}
        flames={flame.flames}
        pending={flame.pending}
        describedBy={props.canFlame ? undefined : "flame-rule"}
        onToggle={() => (props.canFlame ? void flame.toggle() : setInvite(true))}
      />
      {props.canFlame ? null : (
        <p id="flame-rule" className="max-w-xs text-sm text-ink-300">
          {t("flames.rule")}
        </p>
      )}
      {flame.refusal ? (
        <FlameRefusalNote refusal={flame.refusal} onDismiss={flame.dismiss} className="max-w-xs text-sm text-ink-100" />
      ) : null}
      <p role="status" className="text-sm text-flame-300">
        {invite ? (
          <Link
            to={`/auth/sign-in?next=${encodeURIComponent(location.pathname)}`}
            className="underline underline-offset-4 hover:text-white"
          >
            {t("flames.signInToFlame")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
