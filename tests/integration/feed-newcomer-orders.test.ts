import { describe, expect, it } from "vitest";
import { newcomerSeed } from "~/features/feed/rank-score";
import { testEngine } from "../support/database";
import { withSimApp } from "../support/taste";

interface Page {
  clips: { id: string; why?: { kind: string; name?: string }[] }[];
  total: number;
}

/** Two feed seeds (as the cookie holds them) that pick the same newcomers' order, and one that picks another. */
function seedsSharingAnOrder(): { a: string; b: string; other: string } {
  const bySlot = new Map<string, string>();
  for (let i = 0; ; i++) {
    const seed = `5eed${i.toString(16).padStart(8, "0")}`;
    const slot = newcomerSeed(seed);
    const earlier = bySlot.get(slot);
    if (earlier) {
      const other = [...bySlot].find(([s]) => s !== slot)![1];
      return { a: earlier, b: seed, other };
    }
    bySlot.set(slot, seed);
  }
}

// Newcomers share ranked orders (ADR 232): a visitor the feed knows nothing of is ranked from the catalogue and a seed
// only. A visitor with any history — events, or only a "Not interested" — is never served a shared order, and nothing
// of theirs ever enters one.
describe(`/api/feed: newcomers' shared orders on ${testEngine()}`, () => {
  const t = withSimApp();
  const { sim } = t;

  const feed = async (seed: string, query = "offset=0", cookie = "", headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.app.url}/api/feed?${query}`, {
      headers: { cookie: `age_verified=true; feed_seed=${seed}${cookie ? `; ${cookie}` : ""}`, ...headers },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    return (await res.json()) as Page;
  };
  const ids = (page: Page) => page.clips.map((clip) => clip.id);

  const { visitorWhoLikes } = t;

  it("serves newcomers whose seeds pick one order that order; a visitor with a history gets their own, and none of it enters the shared one", async () => {
    const { categoryIds, newest } = await sim();
    const { a, b, other } = seedsSharingAnOrder();
    const first = await feed(a);
    expect(first.clips).toHaveLength(12);
    // Another newcomer whose seed picks the same order is served the same page, reasons and all; paging on with what
    // their browser holds continues it without repeats.
    expect(await feed(b)).toEqual(first);
    const held = ids(first).slice(1);
    const next = await feed(b, `offset=12&shown=${held.join(",")}`);
    expect(next.clips).toHaveLength(12);
    for (const id of ids(next)) expect(ids(first)).not.toContain(id);
    expect(await feed(a, `offset=12&shown=${held.join(",")}`)).toEqual(next);
    // A newcomer whose seed picks another order is not served this one.
    expect(ids(await feed(other))).not.toEqual(ids(first));
    // A newcomer's reasons never name a taste.
    expect(first.clips.flatMap((clip) => clip.why ?? []).filter((why) => why.kind === "taste")).toEqual([]);

    // A visitor with a history and the very same seed: ranked from their history, never served the shared order.
    const liked = categoryIds[1]!;
    const cookie = await visitorWhoLikes(liked, newest.slice(300, 360));
    const theirs = await feed(a, "offset=0", cookie);
    expect(ids(theirs)).not.toEqual(ids(first));
    expect(theirs.clips.some((clip) => (clip.why ?? []).some((why) => why.kind === "taste"))).toBe(true);
    const theirsNext = await feed(a, `offset=12&shown=${ids(theirs).slice(1).join(",")}`, cookie);
    expect(ids(theirsNext)).not.toEqual(ids(next));
    // Nothing of theirs entered the shared order: the newcomers who share it are served it, not the visitor's.
    // (Compared with each other rather than with `first`: a shared order is ranked anew once its pools move, ADR 225.)
    const again = await feed(b);
    expect(ids(again)).not.toEqual(ids(theirs));
    expect(again.clips.flatMap((clip) => clip.why ?? []).filter((why) => why.kind === "taste")).toEqual([]);
    expect(await feed(a)).toEqual(again);

    // Under Global Privacy Control their history is not read: they are ranked as a newcomer, from the shared order.
    const private_ = await feed(a, "offset=0", cookie, { "sec-gpc": "1" });
    expect(ids(private_)).toEqual(ids(await feed(b)));
  }, 120_000);

  it("gives newcomers a page made before, byte for byte, only while its flame counts and flamed states are what they were", async () => {
    await sim();
    const { a, b } = seedsSharingAnOrder();
    const text = async (seed: string, cookie = "") => {
      const res = await fetch(`${t.app.url}/api/feed?offset=12`, {
        headers: { cookie: `age_verified=true; feed_seed=${seed}${cookie ? `; ${cookie}` : ""}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await text(a);
    expect(await text(b)).toBe(first);
    const page = JSON.parse(first) as Page & { clips: { id: string; flames: number; flamed: boolean }[] };
    const target = page.clips[4]!;

    // A visitor flames one of the page's clips: every newcomer's next look at the page counts it.
    const issued = await fetch(`${t.app.url}/api/visitor`, {
      method: "POST",
      headers: { origin: t.app.url, cookie: "age_verified=true", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const cookie = issued.headers.getSetCookie()[0]!.split(";")[0]!;
    const flamed = await fetch(`${t.app.url}/api/flames`, {
      method: "POST",
      headers: { origin: t.app.url, cookie: `age_verified=true; ${cookie}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ clipId: target.id, flamed: "true" }),
    });
    expect(flamed.status).toBe(200);
    const after = JSON.parse(await text(b)) as typeof page;
    expect(after.clips.map((clip) => clip.id)).toEqual(ids(page));
    expect(after.clips[4]).toMatchObject({ id: target.id, flames: target.flames + 1, flamed: false });
    expect(JSON.parse(await text(a))).toEqual(after);
    // The flamer sees it flamed wherever it is in their feed; the newcomers beside them do not.
    const theirs = JSON.parse(await text(a, cookie)) as typeof page;
    for (const clip of theirs.clips) expect(clip.flamed).toBe(clip.id === target.id);
    expect((JSON.parse(await text(b)) as typeof page).clips[4]!.flamed).toBe(false);
  }, 120_000);

  it("a visitor whose only history is one 'Not interested' is ranked for themself: the clip leaves their feed only", async () => {
    await sim();
    const { a, b } = seedsSharingAnOrder();
    const first = await feed(a);
    const issued = await fetch(`${t.app.url}/api/visitor`, {
      method: "POST",
      headers: { origin: t.app.url, cookie: "age_verified=true", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(issued.status).toBe(200);
    const cookie = issued.headers.getSetCookie()[0]!.split(";")[0]!;
    // With a signed id and nothing else, the feed knows nothing of them: the shared order.
    expect(await feed(a, "offset=0", cookie)).toEqual(first);
    const target = first.clips[3]!.id;
    const dismissed = await fetch(`${t.app.url}/api/feed-choice`, {
      method: "POST",
      headers: { origin: t.app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "dismiss", clipId: target }),
    });
    expect(dismissed.status).toBe(200);
    const shared = await feed(b);
    const theirs = [...ids(await feed(a, "offset=0", cookie)), ...ids(await feed(a, "offset=12", cookie))];
    expect(theirs).not.toContain(target);
    // The newcomers sharing the order are still served it, whatever the visitor dismissed.
    expect(await feed(a)).toEqual(shared);
    expect(ids(shared)).not.toEqual(theirs.slice(0, 12));
  }, 120_000);
});
