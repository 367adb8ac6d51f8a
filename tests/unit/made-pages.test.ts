import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedClip } from "~/features/feed/feed-clip";
import { hasMadePage, keepMadePage, madePage, madePageCount, type MadePageRef } from "~/features/feed/made-pages.server";
import type { RankedClip } from "~/features/feed/rank-score";

// A page of a kept order is given again only while everything it read fresh is unchanged (ADR 243).
const clip = (id: string) => ({ id }) as FeedClip;
const order: RankedClip[] = [
  { id: "b", reasons: [] },
  { id: "c", reasons: [] },
];
const lead = clip("a");
const ids = ["a", "b", "c"];
const counts = new Map([["b", 4]]);

afterEach(() => vi.useRealTimers());

describe("made pages", () => {
  const made = (ref: MadePageRef, now = { ids, counts: new Map(counts), flamed: new Set<string>() }) => madePage(ref, now);

  it("gives the kept list while ids, counts, flamed states, lead and card ages hold; nothing once one moved", () => {
    vi.useFakeTimers({ now: 1_000 });
    const ref: MadePageRef = { order, key: "1/13/en/media", lead };
    expect(hasMadePage(ref)).toBe(false);
    expect(made(ref)).toBeUndefined();
    const clips = [lead, clip("b"), clip("c")];
    keepMadePage(ref, { clips, ids, counts, flamed: new Set(), until: 61_000 });
    expect(hasMadePage(ref)).toBe(true);
    expect(made(ref)).toBe(clips);
    expect(Object.isFrozen(clips)).toBe(true);

    // A count that moved, or appeared; a clip this visitor flamed; other ids; another lead; another key or order.
    expect(made(ref, { ids, counts: new Map([["b", 5]]), flamed: new Set() })).toBeUndefined();
    expect(
      made(ref, {
        ids,
        counts: new Map([
          ["b", 4],
          ["c", 1],
        ]),
        flamed: new Set(),
      }),
    ).toBeUndefined();
    expect(made(ref, { ids, counts, flamed: new Set(["c"]) })).toBeUndefined();
    expect(made(ref, { ids: ["a", "c", "b"], counts, flamed: new Set() })).toBeUndefined();
    expect(made(ref, { ids: ["a", "b"], counts, flamed: new Set() })).toBeUndefined();
    expect(made({ ...ref, lead: clip("a") })).toBeUndefined();
    expect(made({ ...ref, key: "1/13/es/media" })).toBeUndefined();
    expect(made({ ...ref, order: [...order] })).toBeUndefined();

    // Its oldest card's time: given up to it, not at it.
    vi.setSystemTime(60_999);
    expect(made(ref)).toBe(clips);
    vi.setSystemTime(61_000);
    expect(made(ref)).toBeUndefined();
  });
  it("keeps at most 4 000 pages, giving up the page kept first, and none past its card time", () => {
    vi.useFakeTimers({ now: 100_000 });
    const keep = (ref: MadePageRef, until: number) =>
      keepMadePage(ref, { clips: [clip("b")], ids: ["b"], counts, flamed: new Set(), until });
    const refs = Array.from({ length: 4_001 }, (_, i): MadePageRef => ({ order, key: `page ${i}`, lead: null }));
    const now = { ids: ["b"], counts: new Map(counts), flamed: new Set<string>() };
    keep(refs[0]!, 200_000);
    for (const ref of refs.slice(1)) keep(ref, 300_000);
    expect(madePageCount()).toBe(4_000);
    expect(madePage(refs[0]!, now)).toBeUndefined();
    expect(madePage(refs[1]!, now)).toBeDefined();
    expect(madePage(refs[4_000]!, now)).toBeDefined();
    // Past the first pages' card time, the next page kept gives them up.
    vi.setSystemTime(300_000);
    keep({ order, key: "later", lead: null }, 400_000);
    expect(madePageCount()).toBe(1);
  });
});
