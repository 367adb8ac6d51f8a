import { useId } from "react";
import { Link } from "react-router";
import { CreatorAvatar } from "~/features/creators";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";

export interface FollowingListData {
  creators: { slug: string; name: string; avatarUrl: string | null; followers: number }[];
  /** `?following=` of the next page, or null on the last one. */
  next: string | null;
  continued: boolean;
}

/** My account's list of followed creators, newest follow first, a keyset page at a time. */
export function FollowingList({ data }: { data: FollowingListData }) {
  const { t, language } = useT("follows");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-800 bg-ink-900 p-5" data-testid="following-list">
      <h2 id={headingId} className="mb-4 text-lg font-bold text-white">
        {t("list.title")}
      </h2>
      {data.creators.length ? (
        <ul className="flex flex-col gap-3">
          {data.creators.map((creator) => (
            <li key={creator.slug} className="flex items-center gap-3">
              <CreatorAvatar name={creator.name} slug={creator.slug} avatarUrl={creator.avatarUrl} small />
              <div className="flex min-w-0 flex-col">
                <Link to={`/creator/${creator.slug}`} className="truncate font-semibold text-white hover:underline">
                  {creator.name}
                </Link>
                <span className="text-sm text-ink-300">
                  {t("list.followers", { count: creator.followers, formatted: formatNumber(creator.followers, language) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-300">{t("list.empty")}</p>
      )}
      {data.next || data.continued ? (
        <p className="mt-4 flex flex-wrap gap-4">
          {data.continued ? (
            <Link to="/my-account" className="text-flame-300 underline underline-offset-4">
              {t("list.first")}
            </Link>
          ) : null}
          {data.next ? (
            <Link to={`/my-account?following=${encodeURIComponent(data.next)}`} className="text-flame-300 underline underline-offset-4">
              {t("list.more")}
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
