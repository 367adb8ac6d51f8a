import { describe, expect, it } from "vitest";
import type { ClipCard, TagChip } from "~/features/clips";
import type { FeedClip } from "~/features/feed/feed-clip";
import { feedClipOf, feedWhy, forYouJson } from "~/features/feed/for-you-json.server";

const card = (id: string, extra: Partial<ClipCard> = {}): ClipCard => ({
  id,
  slug: `clip-${id}`,
  title: 'A "quoted" title, with "flames":0 inside \\ and \u2028',
  description: null,
  descriptionEs: "¿Qué?",
  creatorName: "Ana",
  creatorSlug: "ana",
  category: { slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#f00" },
  flames: 3,
  views: 10,
  durationSeconds: 12.5,
  publishedAt: "2026-11-01T00:00:00.000Z",
  videoUrl: "/media/a.mp4",
  storageUrl: null,
  thumbnailUrl: "/media/a.jpg",
  renditions: [{ url: "/media/a-360.mp4", width: 360, height: 640, kbps: 800, first: true, media: "(max-width: 600px)" }],
  storyboard: null,
  fullContentUrl: null,
  channelName: null,
  ...extra,
});

const tags: TagChip[] = [{ slug: "soft", name: "Soft" } as TagChip];

describe("forYouJson", () => {
  it("writes exactly JSON.stringify of the page, kept card text and all", () => {
    const shared = card("1", { previewUrls: ["/media/b.jpg", "/media/c.jpg"], captions: [{ language: "es", url: "/media/c.vtt?v=2" }] });
    const clips: FeedClip[] = [
      { ...card("0"), flamed: false, tags: [], why: [{ kind: "newest" }] },
      feedClipOf(shared, { flames: 7, flamed: true, tags, why: [{ kind: "taste", facet: "tag", name: 'So "soft"', slug: "soft" }] }),
      // The same kept card on a second page, with another count: the card's text is reused, the count is not.
      feedClipOf(shared, { flames: 8, flamed: false, tags, why: [] }),
      feedClipOf(card("2", { storageUrl: "https://cdn.example/a.mp4" }), { flames: 0, flamed: false, tags: [], why: undefined }),
    ];
    for (const order of ["for-you", "newest"]) {
      const page = { clips, total: 480 };
      expect(forYouJson(order, page).toString("utf8")).toBe(JSON.stringify({ order, ...page }));
    }
  });

  it("gives the same frozen clip, and its text, to pages that add the same to a card; a new clip when anything differs", () => {
    const shared = card("9");
    const plain = () => feedWhy(["popular", "new-to-you"], () => [{ kind: "popular" }, { kind: "new-to-you" }]);
    // Reasons naming no taste are one kept list; reasons naming one are made anew.
    expect(plain()).toBe(plain());
    expect(plain()).toEqual([{ kind: "popular" }, { kind: "new-to-you" }]);
    const named = () => feedWhy(["taste"], () => [{ kind: "taste", facet: "tag", name: "Soft", slug: "soft" }]);
    expect(named()).not.toBe(named());

    const a = feedClipOf(shared, { flames: 2, flamed: false, tags, why: plain() });
    expect(feedClipOf(shared, { flames: 2, flamed: false, tags, why: plain() })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    const others = [
      feedClipOf(shared, { flames: 3, flamed: false, tags, why: plain() }),
      feedClipOf(shared, { flames: 2, flamed: true, tags, why: plain() }),
      feedClipOf(shared, { flames: 2, flamed: false, tags: [], why: plain() }),
      feedClipOf(shared, { flames: 2, flamed: false, tags, why: named() }),
    ];
    for (const other of others) expect(other).not.toBe(a);
    // Each written twice (the second time from its kept text), exactly as JSON.stringify writes it.
    for (let i = 0; i < 2; i++) {
      const page = { clips: [a, ...others], total: 5 };
      expect(forYouJson("for-you", page).toString("utf8")).toBe(JSON.stringify({ order: "for-you", ...page }));
    }
  });
});
