import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir, startServer, type RunningServer } from "../support/server";
import {
  anonymousVisitor,
  enrolOverHttp,
  feed,
  keepCookies,
  withPageViewId,
  get,
  post,
  signInOverHttp,
  wholeFeed,
  type FeedPage,
} from "../support/http-visitors";

// docs/decisions/030–032: shared caches hold no personal state, and a flame, a hide or a publish shows on
// the very next request. HTTP only, against a production server of its own (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).
let server: RunningServer;
let admin: string;

beforeAll(async () => {
  // A long micro-cache life: a "hit" below must come from the cache however slow the machine is, so only
  // the generation can have dropped an entry.
  server = await startServer({
    ADMIN_EMAILS: "cache-admin@example.com",
    SIGN_IN_LIMIT_PER_IP: "100",
    MICRO_CACHE_TTL_MS: "600000",
    ...seededDataDir(),
  });
  admin = await enrolOverHttp(server.url, `age_verified=true; ${await signInOverHttp(server.url, "cache-admin@example.com", "127.0.0.2")}`);
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

// Each body is read in full before the next request: a page is stored once the server has finished sending it.
const page = (path: string, cookie: string) => get(server.url + path, cookie);

describe("caches and personal state", () => {
  it("gives every visitor their own feed order, also when the pool comes from the cache", async () => {
    const a = anonymousVisitor();
    const b = anonymousVisitor();
    const firstA = await wholeFeed(server.url, a);
    const firstB = await wholeFeed(server.url, b);
    const againA = await wholeFeed(server.url, a);
    expect(againA.map((c) => c.id)).toEqual(firstA.map((c) => c.id));
    expect(firstB.map((c) => c.id)).not.toEqual(firstA.map((c) => c.id));
    // Same clips, different order: the pool is shared, the order is not.
    expect(new Set(firstB.map((c) => c.id))).toEqual(new Set(firstA.map((c) => c.id)));
  });

  it("serves one stored home page to anonymous visitors of any seed: the lead clip, their order from /api/feed (ADR 112)", async () => {
    const a = anonymousVisitor();
    const b = anonymousVisitor();
    const lead = (await feed(server.url, a)).clips[0]!;
    expect((await feed(server.url, b)).clips[0]!.id).toBe(lead.id);
    await page("/", a);
    const forB = await page("/", b);
    expect(forB.headers.get("x-micro-cache")).toBe("hit");
    const html = await forB.text();
    expect(html).toContain(`/video/${lead.slug}`);
    // The page holds the lead alone, in no visitor's order: nothing of B's order past it is in the page's data.
    const second = (await feed(server.url, b)).clips[1]!;
    expect(html).not.toContain(second.id);

    // A first visit: the stored page, no cookie; the seed comes with the visitor's first /api/feed page.
    const newcomer = await page("/", "age_verified=true");
    expect(newcomer.headers.get("x-micro-cache")).toBe("hit");
    expect(newcomer.headers.getSetCookie().join()).not.toContain("feed_seed=");
    const seeded = await fetch(`${server.url}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } });
    expect(seeded.headers.getSetCookie().join()).toContain("feed_seed=");

    // A signed-in visitor's home is their own, never stored nor served from the store.
    const signedIn = await page("/", admin);
    expect(signedIn.headers.get("x-micro-cache")).toBe("bypass");
    expect(await signedIn.text()).toContain("cache-admin");
    expect(await (await page("/", a)).text()).not.toContain("cache-admin");
  });

  it("shows a flame to the visitor who gave it on the next request, and to nobody else as theirs", async () => {
    let a = await withPageViewId(server.url, anonymousVisitor());
    const b = anonymousVisitor({ likerId: true });
    const clip = (await feed(server.url, a)).clips[0]!;
    // B's page is in the cache's hands before A flames.
    const beforeB = (await wholeFeed(server.url, b)).find((c) => c.id === clip.id)!;
    const flamed = await post(server.url, "/api/flames", a, { clipId: clip.id, flamed: "true" });
    expect(flamed.status).toBe(200);
    a = keepCookies(a, flamed);

    const afterA = (await feed(server.url, a)).clips.find((c) => c.id === clip.id)!;
    expect(afterA).toMatchObject({ flamed: true, flames: clip.flames + 1 });
    const afterB = (await wholeFeed(server.url, b)).find((c) => c.id === clip.id)!;
    expect(afterB).toMatchObject({ flamed: false, flames: beforeB.flames + 1 });

    // The video page: A's is rendered for A (flamed, never cached); an anonymous visitor's comes from the cache.
    const anonymous = anonymousVisitor();
    await page(`/video/${clip.slug}`, anonymous);
    const cached = await page(`/video/${clip.slug}`, anonymous);
    expect(cached.headers.get("x-micro-cache")).toBe("hit");
    // The flame button (the language and audience pickers also use aria-pressed).
    const flamedButton = /aria-pressed="true"[^>]*aria-label="Flame,/;
    expect(await cached.text()).not.toMatch(flamedButton);
    // Another flame owner, who flamed none of the page's clips, is served the stored page: it is byte for byte theirs.
    const other = anonymousVisitor({ likerId: true });
    const shared = await page(`/video/${clip.slug}`, other);
    expect(shared.headers.get("x-micro-cache")).toBe("hit");
    expect(shared.headers.get("cache-control")).toBe("private, no-store");
    expect(await shared.text()).not.toMatch(flamedButton);
    const mine = await page(`/video/${clip.slug}`, a);
    expect(mine.headers.get("x-micro-cache")).toBe("bypass");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await mine.text()).toMatch(flamedButton);
  });

  it("never stores a response that sets a cookie or belongs to a signed-in visitor", async () => {
    const clip = (await feed(server.url, anonymousVisitor())).clips[0]!;
    const path = `/tag/${clip.tags[0]!.slug}`;
    // ?mode= remembers the brand mode in a cookie: such a response is never stored nor served from the cache.
    for (let i = 0; i < 2; i++) {
      const switched = await page(`${path}?mode=adult`, "age_verified=true");
      expect(switched.headers.getSetCookie().join()).toContain("brand_mode=");
      expect(switched.headers.get("x-micro-cache")).toBe("bypass");
    }
    const signedIn = await page(path, admin);
    expect(signedIn.headers.get("x-micro-cache")).toBe("bypass");
    expect(await signedIn.text()).toContain("cache-admin");
    const anonymous = await page(path, "age_verified=true");
    expect(await anonymous.text()).not.toContain("cache-admin");
  });

  it("drops a hidden clip from cached pages, the feed and /media on the next request, and brings it back when shown", async () => {
    const visitor = anonymousVisitor();
    // A clip whose file this server holds: on PostgreSQL the database is shared with earlier test files, and the
    // feed's lead (ADR 112) may be a clip one of them uploaded into its own data directory.
    let clip: FeedPage["clips"][number] | undefined;
    for (const candidate of (await feed(server.url, visitor)).clips) {
      if (candidate.videoUrl && (await page(candidate.videoUrl, visitor)).status === 200) {
        clip = candidate;
        break;
      }
    }
    if (!clip) throw new Error("no clip of the first feed page has its file on this server");
    const tagPath = `/tag/${clip.tags[0]!.slug}?sort=recent`;
    const videoPath = `/video/${clip.slug}`;
    await page(tagPath, visitor);
    expect((await page(videoPath, visitor)).status).toBe(200);
    const warm = await page(tagPath, visitor);
    expect(warm.headers.get("x-micro-cache")).toBe("hit");
    expect(await warm.text()).toContain(clip.slug);

    const hidden = await post(server.url, "/admin/clips", admin, { intent: "hide-clip", clipId: clip.id });
    expect(hidden.status).toBe(200);
    expect(await (await page(tagPath, visitor)).text()).not.toContain(clip.slug);
    expect((await page(videoPath, visitor)).status).toBe(404);
    expect((await wholeFeed(server.url, visitor)).map((c) => c.id)).not.toContain(clip.id);
    expect((await page(clip.videoUrl!, visitor)).status).toBe(404);
    // The home page's lead too: a stored home that showed a hidden lead is not served again.
    const lead = (await feed(server.url, visitor)).clips[0]!;
    await page("/", visitor);
    expect(await (await page("/", visitor)).text()).toContain(`/video/${lead.slug}`);
    expect((await post(server.url, "/admin/clips", admin, { intent: "hide-clip", clipId: lead.id })).status).toBe(200);
    expect(await (await page("/", visitor)).text()).not.toContain(`/video/${lead.slug}`);
    expect((await post(server.url, "/admin/clips", admin, { intent: "show-clip", clipId: lead.id })).status).toBe(200);

    const shown = await post(server.url, "/admin/clips", admin, { intent: "show-clip", clipId: clip.id });
    expect(shown.status).toBe(200);
    expect(await (await page(tagPath, visitor)).text()).toContain(clip.slug);
    expect((await page(videoPath, visitor)).status).toBe(200);
    expect((await wholeFeed(server.url, visitor)).map((c) => c.id)).toContain(clip.id);
    expect((await page(clip.videoUrl!, visitor)).status).toBe(200);
  });
});
