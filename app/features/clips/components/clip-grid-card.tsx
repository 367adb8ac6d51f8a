import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";
import type { TagChip } from "../clip-tags.server";
import { CardCaption, CardCategoryBadge } from "./clip-card-parts";
import { TagStrip } from "./tag-strip";

/** How many cards of a list are on a phone's first screen (two columns, one row): they get `priority`. */
export const CARDS_ON_FIRST_SCREEN = 2;

/**
 * The card used by every clip list (related, creator, tag, search): links to the video and the creator.
 * `priority`: the list's first cards, on screen at once (their thumbnail is the page's largest paint), load
 * their picture at once and first; the others when scrolled near.
 */
export function ClipGridCard({ clip, tags, priority = false }: { clip: ClipCard; tags?: TagChip[]; priority?: boolean }) {
  const { t } = useT("feed");
  return (
    // No overflow clipping on the card: it would cut the focus rings of the links at its edges.
    <article className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900">
      {/* The category badge sits over the thumbnail but outside its link: the link's name is the title alone. */}
      <div className="relative">
        <Link to={`/video/${clip.slug}`} className="block aspect-[9/16] overflow-hidden rounded-t-2xl bg-ink-800" aria-label={clip.title}>
          {clip.thumbnailUrl ? (
            <img
              src={clip.thumbnailUrl}
              alt=""
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding="async"
              className="h-full w-full object-cover"
            />
          ) : null}
        </Link>
        <CardCategoryBadge category={clip.category} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <CardCaption
          clip={clip}
          heading="h3"
          flames={t("feed.flames", { count: clip.flames })}
          views={t("feed.views", { count: clip.views })}
        />
        {tags?.length ? <TagStrip tags={tags} /> : null}
      </div>
    </article>
  );
}
