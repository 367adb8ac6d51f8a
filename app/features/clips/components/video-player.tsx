import { useState } from "react";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";

/**
 * The clip on its own page: muted, looping, inline, with native controls. The
 * /media URL is tried first, then the origin storage URL (SPEC 4). Before the
 * age gate is passed the loader sends no media URL and a neutral panel shows.
 */
export function VideoPlayer({ clip }: { clip: ClipCard }) {
  const { t } = useT("video");
  const [sourceIndex, setSourceIndex] = useState(0);
  const sources = [clip.videoUrl, clip.storageUrl].filter((s): s is string => Boolean(s));
  const source = sources[sourceIndex];

  return (
    <div className="relative mx-auto aspect-[9/16] max-h-[75dvh] w-full max-w-md overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-800">
      {clip.videoUrl === null ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-ink-700 via-ink-800 to-ink-900 p-8 text-center">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-10 w-10 text-ink-300"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M10 9.5v5l4-2.5z" fill="currentColor" />
          </svg>
          <p className="text-sm text-ink-300">{t("player.ageRequired")}</p>
        </div>
      ) : source ? (
        <video
          key={source}
          src={source}
          poster={clip.thumbnailUrl ?? undefined}
          muted
          loop
          playsInline
          controls
          preload="metadata"
          aria-label={t("player.label", { title: clip.title })}
          onError={() => setSourceIndex((i) => i + 1)}
          className="h-full w-full bg-black object-contain"
        />
      ) : (
        <div role="status" className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center">
          <p className="font-semibold text-white">{t("player.unavailable")}</p>
          <p className="text-sm text-ink-300">{t("player.tryLater")}</p>
        </div>
      )}
    </div>
  );
}
