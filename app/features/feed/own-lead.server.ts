import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import type { FlameOwner } from "~/features/flames/index.server";
import { dismissedAmong, type SignalOwnerRef } from "~/features/signals/index.server";
import type { FeedClip } from "./feed-clip";
import { feedClips, NEWEST_FIRST, type FeedQuery } from "./feed.server";

/**
 * The lead this visitor is shown: the filter's lead, the same for everyone (ADR 112), unless they marked it "Not
 * interested" — then the pool's newest clip they did not dismiss, read for them in SQL (ADR 183). `dismissed` is
 * their set when the ranking already read it; otherwise one probe of dismissed_clips. A page showing their own lead
 * is theirs alone: the micro-cache renders it for them and does not store it.
 */
export async function ownLead(
  db: Database,
  shared: { clips: FeedClip[]; total: number },
  input: {
    owner: SignalOwnerRef | null;
    dismissed?: ReadonlySet<string>;
    query: Omit<FeedQuery, "seed" | "dismissedBy">;
    mediaAllowed: boolean;
    flameOwner: FlameOwner | null;
    language: Language;
  },
): Promise<{ clips: FeedClip[]; total: number }> {
  const lead = shared.clips[0];
  if (!lead || !input.owner) return shared;
  const dismissed = input.dismissed ? input.dismissed.has(lead.id) : (await dismissedAmong(db, input.owner, [lead.id])).size > 0;
  if (!dismissed) return shared;
  const own = await feedClips(db, {
    query: { ...input.query, seed: NEWEST_FIRST, dismissedBy: input.owner },
    offset: 0,
    mediaAllowed: input.mediaAllowed,
    flameOwner: input.flameOwner,
    language: input.language,
  });
  return { clips: own.clips.slice(0, 1), total: own.total };
}
