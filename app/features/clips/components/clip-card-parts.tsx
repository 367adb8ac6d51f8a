import { Link } from "react-router";
import { FlameIcon } from "~/components/ui/flame-icon";
import { deepenForWhiteText } from "~/lib/contrast";
import { localName } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";

/** The category's name on its colour, in the top-left corner of a card's picture (no link: the card's links name the clip). */
export function CardCategoryBadge({ category }: { category: ClipCard["category"] }) {
  const { language } = useT();
  return (
    <span
      className="pointer-events-none absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
      style={{ background: deepenForWhiteText(category.color) }}
    >
      {localName(language, category)}
    </span>
  );
}

/**
 * A card's title (a link to the clip), then its creator (a link), its flame count and its views, `flames` and `views`
 * being the counts in words.
 */
export function CardCaption({
  clip,
  heading: Heading,
  flames,
  views,
}: {
  clip: ClipCard;
  heading: "h2" | "h3";
  flames: string;
  views?: string;
}) {
  return (
    <>
      {/* The clamp is inside the link: clamping the heading would clip the link's focus ring. */}
      <Heading className="font-semibold text-white">
        <Link to={`/video/${clip.slug}`} className="block hover:underline">
          <span className="line-clamp-2">{clip.title}</span>
        </Link>
      </Heading>
      {/* The name keeps its room: the flame count moves to the next line when both do not fit. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 text-sm">
        <Link to={`/creator/${clip.creatorSlug}`} className="min-w-0 break-words text-ink-300 hover:text-white">
          {clip.creatorName}
        </Link>
        <span className="inline-flex shrink-0 items-center gap-1 text-flame-300">
          <FlameIcon className="h-3.5 w-3.5" />
          {flames}
        </span>
        {views ? <span className="shrink-0 text-ink-300">{views}</span> : null}
      </div>
    </>
  );
}
