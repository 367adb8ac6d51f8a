import { useState, type ComponentType } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { FeedClip, WhyReason } from "../feed-clip";
import { ClaimItem, ReportItem } from "./clip-menu-report";

// The items of a feed clip's menu (docs/decisions/160-feed-ranking.md). Each renders one <li>; the panel
// (clip-menu.tsx) lists them in this order. Another feature adds its items here, one line each.

export interface ClipMenuItemProps {
  clip: FeedClip;
  close: () => void;
  /** The clip leaves the feed ("Not interested"); the feed offers Undo. */
  onRemoved: (clipId: string) => void;
}

/** "Why this clip": the reasons the ranking gave, in the visitor's language. */
function WhyItem({ clip }: ClipMenuItemProps) {
  const { t } = useT("feed");
  const [open, setOpen] = useState(false);
  const reasons = clip.why ?? [];
  return (
    <li>
      <button type="button" className="clip-menu-item" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t("menu.why")}
      </button>
      {open ? (
        <>
          <ul className="clip-menu-reasons" data-testid="why-reasons">
            {reasons.length ? reasons.map((reason, i) => <li key={i}>{reasonText(t, reason)}</li>) : <li>{t("why.chosenOrder")}</li>}
          </ul>
          {/* In the page: its loader then waits for this visit's watches, the clip on screen too (settleSignals). */}
          <Link className="clip-menu-learned" to="/what-the-feed-learned">
            {t("why.learned")}
          </Link>
        </>
      ) : null}
    </li>
  );
}

function reasonText(t: (key: string, values?: Record<string, unknown>) => string, reason: WhyReason): string {
  if (reason.kind === "taste") return t(`why.taste.${reason.facet ?? "tag"}`, { name: reason.name });
  return t(`why.${reason.kind}`);
}

/** "Not interested": the clip leaves the feed, its creator and tags sink. */
function NotInterestedItem({ clip, close, onRemoved }: ClipMenuItemProps) {
  const { t } = useT("feed");
  return (
    <li>
      <button
        type="button"
        className="clip-menu-item"
        onClick={() => {
          // A beacon: the mark reaches the server even when the visitor leaves the page at once.
          navigator.sendBeacon("/api/feed-choice", new URLSearchParams({ intent: "dismiss", clipId: clip.id }));
          onRemoved(clip.id);
          close();
        }}
      >
        {t("menu.notInterested")}
      </button>
    </li>
  );
}

export const CLIP_MENU_ITEMS: { id: string; Item: ComponentType<ClipMenuItemProps> }[] = [
  { id: "why", Item: WhyItem },
  { id: "not-interested", Item: NotInterestedItem },
  { id: "report", Item: ReportItem },
  { id: "claim", Item: ClaimItem },
];
