import { Link } from "react-router";
import { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { FollowingFeedPage } from "../following-feed.server";
import { FeedTabs } from "./feed-tabs";

/** The Following tab: the tabs, then the followed creators' newest clips as cards, or its own empty state. */
export function FollowingPage(
  props: { invalid: true } | { invalid?: false; page: FollowingFeedPage; continued: boolean; signedIn: boolean },
) {
  const { t } = useT("follows");
  return (
    <div className="flex flex-col gap-6 py-4">
      <div className="flex flex-wrap items-center gap-3">
        <FeedTabs current="/following" />
      </div>
      <h1 className="text-2xl font-bold text-white">{t("feed.title")}</h1>
      {props.invalid ? (
        <p role="alert" className="text-ink-200">
          {t("errors.invalidCursor")}{" "}
          <Link to="/following" className="font-semibold text-white underline underline-offset-4">
            {t("feed.first")}
          </Link>
        </p>
      ) : props.page.clips.length ? (
        <>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="following-clips">
            {props.page.clips.map(({ clip, tags }, index) => (
              <li key={clip.id} className="grid">
                <ClipGridCard clip={clip} tags={tags} priority={index < CARDS_ON_FIRST_SCREEN} />
              </li>
            ))}
          </ul>
          <nav aria-label={t("feed.pages")} className="flex flex-wrap gap-4">
            {props.continued ? (
              <Link to="/following" className="font-semibold text-flame-300 underline underline-offset-4">
                {t("feed.first")}
              </Link>
            ) : null}
            {props.page.next ? (
              <Link
                to={`/following?after=${encodeURIComponent(props.page.next)}`}
                className="font-semibold text-flame-300 underline underline-offset-4"
              >
                {t("feed.older")}
              </Link>
            ) : null}
          </nav>
        </>
      ) : (
        <FollowingEmpty followsAnyone={props.page.followsAnyone} continued={props.continued} signedIn={props.signedIn} />
      )}
    </div>
  );
}

function FollowingEmpty({ followsAnyone, continued, signedIn }: { followsAnyone: boolean; continued: boolean; signedIn: boolean }) {
  const { t } = useT("follows");
  return (
    <div className="flex max-w-prose flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-6" data-testid="following-empty">
      <h2 className="text-lg font-bold text-white">{followsAnyone ? t("empty.noClipsTitle") : t("empty.title")}</h2>
      <p className="text-ink-200">{followsAnyone ? (continued ? t("empty.noOlder") : t("empty.noClips")) : t("empty.message")}</p>
      {!signedIn && !followsAnyone ? <p className="text-sm text-ink-300">{t("empty.anonymous")}</p> : null}
      <p>
        <Link to="/" className="font-semibold text-flame-300 underline underline-offset-4">
          {t("empty.browse")}
        </Link>
      </p>
    </div>
  );
}
