import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { FlameButton, useFlame } from "~/features/flames";
import { useT } from "~/lib/i18n/react";
import { useFeed, type FeedClip } from "../use-feed";
import { ClipPlayer, type PlayerHandle } from "./clip-player";
import { UpcomingStrip } from "./upcoming-strip";

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/** One clip at a time with previous, 'hot and next' and next; swipe and keyboard too (SPEC 4). */
export function ClipFeed({ initial, total, search }: { initial: FeedClip[]; total: number; search: string }) {
  const { t } = useT("discovery");
  const feed = useFeed({ initial, total, search });
  const player = useRef<PlayerHandle>(null);
  const clip = feed.clip;
  const flame = useFlame(clip?.id ?? "", { flamed: clip?.flamed ?? false, flames: clip?.flames ?? 0 });

  const keys = useRef({ next: feed.next, previous: feed.previous });
  keys.current = { next: feed.next, previous: feed.previous };
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement;
      if (TYPING.has(target.tagName) || target.isContentEditable || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") keys.current.next();
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") keys.current.previous();
      else if (event.key === " " && target.tagName !== "BUTTON" && target.tagName !== "A") player.current?.togglePlay();
      else if (event.key.toLowerCase() === "m") player.current?.toggleMute();
      else return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!clip) return <div aria-busy="true" className="aspect-[9/16] max-h-[70dvh] animate-pulse rounded-2xl bg-ink-800" />;

  async function applyFlame(flamed: boolean) {
    const result = await flame.setFlamed(flamed);
    if (result) feed.updateClip(feed.index, result);
    return result;
  }

  // data-clip-category tells the usage timer which category is on screen (time per category in insights).
  return (
    <div className="flex flex-col gap-4" data-clip-category={clip.category.slug}>
      <p className="sr-only" aria-live="polite">
        {t("feed.position", { position: feed.index + 1, total, title: clip.title })}
      </p>
      <ClipPlayer ref={player} clip={clip} nextClip={feed.upcoming[0]?.clip} onSwipeLeft={feed.next} onSwipeRight={feed.previous} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-white">
            <Link to={`/video/${clip.slug}`} className="hover:underline">
              {clip.title}
            </Link>
          </h1>
          <p className="truncate text-sm text-ink-300">
            <Link to={`/creator/${clip.creatorSlug}`} className="hover:text-white">
              {clip.creatorName}
            </Link>
          </p>
        </div>
        <FlameButton flamed={flame.flamed} flames={flame.flames} pending={flame.pending} onToggle={() => void applyFlame(!flame.flamed)} />
      </div>

      <div className="grid grid-cols-3 gap-2">
        <button
          type="button"
          onClick={feed.previous}
          className="rounded-full border border-ink-600 px-4 py-2.5 font-semibold text-white hover:bg-ink-800"
        >
          {t("feed.previous")}
        </button>
        <button
          type="button"
          onClick={async () => {
            await applyFlame(true);
            feed.next();
          }}
          disabled={flame.pending}
          className="rounded-full bg-flame-600 px-4 py-2.5 font-bold text-white hover:bg-flame-700 disabled:opacity-60"
        >
          {t("feed.hotAndNext")}
        </button>
        <button
          type="button"
          onClick={feed.next}
          className="rounded-full border border-ink-600 px-4 py-2.5 font-semibold text-white hover:bg-ink-800"
        >
          {t("feed.next")}
        </button>
      </div>

      <a
        href={clip.fullContentUrl ?? "#"}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="rounded-full border border-flame-500/60 px-4 py-2.5 text-center font-semibold text-flame-300 hover:bg-flame-500/10"
      >
        {t("feed.fullContent")}
      </a>

      <UpcomingStrip upcoming={feed.upcoming} onChoose={feed.goTo} />
    </div>
  );
}
