import { useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";
import type { TagChip } from "../clip-tags.server";
import { CardCaption, CardCategoryBadge } from "./clip-card-parts";
import { TagStrip } from "./tag-strip";

/** How many cards of a list are on a phone's first screen (two columns, one row): they get `priority`. */
export const CARDS_ON_FIRST_SCREEN = 2;

/** How long a finger rests on a card before its preview shows: longer than a tap, shorter than the browser's link menu. */
const LONG_PRESS_MS = 400;

/**
 * A long press on a touch screen shows the card's preview until the finger lifts (hover is CSS alone, app.css); the
 * press then opens nothing. A scroll cancels the pointer, and with it the press.
 */
function useLongPress() {
  const [pressed, setPressed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const held = useRef(false);
  const release = () => {
    clearTimeout(timer.current);
    setPressed(false);
  };
  return {
    "data-previewing": pressed || undefined,
    onPointerDown: (event: PointerEvent) => {
      held.current = false;
      if (event.pointerType !== "touch") return;
      timer.current = setTimeout(() => {
        held.current = true;
        setPressed(true);
      }, LONG_PRESS_MS);
    },
    onPointerUp: release,
    onPointerCancel: release,
    onPointerLeave: release,
    onContextMenu: (event: { preventDefault(): void }) => held.current && event.preventDefault(),
    onClick: (event: { preventDefault(): void }) => held.current && event.preventDefault(),
  };
}

/**
 * The card used by every clip list (related, creator, tag, search): links to the video and the creator.
 * `priority`: the list's first cards, on screen at once (their thumbnail is the page's largest paint), load
 * their picture at once and first; the others when scrolled near.
 */
export function ClipGridCard({ clip, tags, priority = false }: { clip: ClipCard; tags?: TagChip[]; priority?: boolean }) {
  const { t } = useT("feed");
  const press = useLongPress();
  const previews = clip.previewUrls;
  return (
    // No overflow clipping on the card: it would cut the focus rings of the links at its edges.
    <article className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900">
      {/* The category badge sits over the thumbnail but outside its link: the link's name is the title alone. */}
      <div className="relative">
        <Link
          to={`/video/${clip.slug}`}
          className="card-preview-host relative block aspect-[9/16] overflow-hidden rounded-t-2xl bg-ink-800"
          aria-label={clip.title}
          {...(previews ? press : {})}
        >
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
          {previews ? (
            <span
              aria-hidden="true"
              className="card-preview"
              style={{ "--preview-a": `url("${previews[0]}")`, "--preview-b": `url("${previews[1]}")` } as CSSProperties}
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
