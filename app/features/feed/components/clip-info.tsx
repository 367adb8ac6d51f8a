import { Link } from "react-router";
import { lazyView } from "~/lib/lazy-view";
import type { FeedClip } from "../feed-clip";

// Tag chips are links: the server's HTML works until their code arrives (lazyView).
const TagStrip = lazyView(() => import("~/features/clips/index.lazy").then((m) => m.TagStrip));

/** Title, creator and tag strip over the foot of the clip, as short-video apps show them. */
export function ClipInfo({ clip }: { clip: FeedClip }) {
  return (
    <div className="feed-info flex flex-col gap-1.5">
      <p className="text-sm">
        <Link to={`/creator/${clip.creatorSlug}`} className="font-semibold text-white drop-shadow hover:underline">
          {clip.creatorName}
        </Link>
      </p>
      {/* Not line-clamped: the clamp's clipping would cut the title link's focus ring. */}
      <h1 className="text-base font-bold leading-snug text-white drop-shadow sm:text-lg">
        <Link to={`/video/${clip.slug}`} className="hover:underline">
          {clip.title}
        </Link>
      </h1>
      {clip.tags.length ? <TagStrip tags={clip.tags} tone="overlay" /> : null}
    </div>
  );
}
