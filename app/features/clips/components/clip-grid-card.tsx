import { Link } from "react-router";
import { FlameIcon } from "~/components/ui/flame-icon";
import { deepenForWhiteText } from "~/lib/contrast";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";
import type { TagChip } from "../clip-tags.server";
import { TagStrip } from "./tag-strip";
import { localName } from "~/lib/i18n/languages";

/** The card used by every clip list (related, creator, tag, search): links to the video and the creator. */
export function ClipGridCard({ clip, tags }: { clip: ClipCard; tags?: TagChip[] }) {
  const { t, language } = useT("discovery");
  return (
    // No overflow clipping on the card: it would cut the focus rings of the links at its edges.
    <article className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900">
      {/* The category badge sits over the thumbnail but outside its link: the link's name is the title alone. */}
      <div className="relative">
        <Link to={`/video/${clip.slug}`} className="block aspect-[9/16] overflow-hidden rounded-t-2xl bg-ink-800" aria-label={clip.title}>
          {clip.thumbnailUrl ? (
            <img src={clip.thumbnailUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
          ) : null}
        </Link>
        <span
          className="pointer-events-none absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
          style={{ background: deepenForWhiteText(clip.category.color) }}
        >
          {localName(language, clip.category)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        {/* The clamp is inside the link: clamping the heading would clip the link's focus ring. */}
        <h3 className="font-semibold text-white">
          <Link to={`/video/${clip.slug}`} className="block hover:underline">
            <span className="line-clamp-2">{clip.title}</span>
          </Link>
        </h3>
        {/* The name keeps its room: the flame count moves to the next line when both do not fit. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 text-sm">
          <Link to={`/creator/${clip.creatorSlug}`} className="min-w-0 break-words text-ink-300 hover:text-white">
            {clip.creatorName}
          </Link>
          <span className="inline-flex shrink-0 items-center gap-1 text-flame-300">
            <FlameIcon className="h-3.5 w-3.5" />
            {t("feed.flames", { count: clip.flames })}
          </span>
        </div>
        {tags?.length ? <TagStrip tags={tags} /> : null}
      </div>
    </article>
  );
}
