import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import routes from "../../app/routes";
import { startTestApp, type TestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";
import { rawRequest } from "../support/raw-request";
import { rowsOf } from "../support/flame-ledger";

/** Every path of the route table (layouts flattened), with its parameters still as `:name`. */
function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [here || "/"] : [];
    return [...own, ...paths(entry.children ?? [], here)];
  });
}

/**
 * The companion brand never answers adult data nor takes an adult write on any route (docs/product.md §2.1,
 * ADR 004): every path of app/routes.ts, as a page, as React Router's data request and as a POST, on the
 * Conscious Mode host.
 */
describe(`Conscious Mode walks the whole route table on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let calm: string;
  let clip: { id: string; slug: string; title: string };
  let creator: { slug: string; name: string };
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, { env: { CONSCIOUS_HOSTS: ["calm.test"], AGE_GATE: false, MICRO_CACHE_TTL_MS: 0 } });
    calm = `calm.test:${new URL(app.url).port}`;
    const [made] = await makeClips(handle.db, 1, { title: "Walkthrough adult clip" });
    clip = { id: made!.id, slug: made!.slug, title: made!.title };
    const [row] = (await rowsOf(handle, sql`select slug, name from creators limit 1`)) as { slug: string; name: string }[];
    creator = row!;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const concrete = (path: string) =>
    path
      .replace(":videoId", clip.slug)
      .replace(":slug", path.startsWith("/creator") ? creator.slug : "walk-tag")
      .replace(":queue", "reports")
      .replace(":id", clip.id)
      .replace(":file", "video")
      .replace("*", "no-such-page");

  // An answer may echo the address or form it was sent (the clip id); the clip's own data may not appear.
  const adultData = (body: string, echoed: string[] = []) =>
    [clip.title, clip.id, creator.name, "clips/clip-01.mp4", "/media/"].filter(
      (needle) => !echoed.includes(needle) && body.includes(needle),
    );

  it("no path answers adult data on the companion host", async () => {
    const walked = [...new Set(paths(routes).map(concrete))];
    expect(walked).toContain("/api/feed");
    for (const path of walked) {
      for (const url of [path, `${path === "/" ? "/_root" : path}.data`]) {
        const res = await rawRequest(`${app.url}${url}`, { headers: { host: calm } });
        const found = adultData(res.body, url.includes(clip.id) ? [clip.id] : []);
        expect({ url, status: res.status, found }).toEqual({ url, status: res.status, found: [] });
        expect(res.status, url).toBeLessThan(500);
      }
    }
  }, 300_000);

  it("no path takes an adult write on the companion host", async () => {
    const walked = [...new Set(paths(routes).map(concrete))];
    for (const path of walked) {
      const res = await rawRequest(`${app.url}${path}`, {
        method: "POST",
        headers: { host: calm, origin: `http://${calm}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ clipId: clip.id, flamed: "true", intent: "flame" }).toString(),
      });
      expect(res.status, path).toBeLessThan(500);
      expect(adultData(res.body, [clip.id]), path).toEqual([]);
    }
    const flames = (await rowsOf(handle, sql`select count(*)::int as n from user_flames`)) as { n: number }[];
    expect(flames[0]!.n).toBe(0);
    const counts = (await rowsOf(handle, sql`select flames from clips where id = ${clip.id}`)) as { flames: number }[];
    expect(counts[0]!.flames).toBe(0);
  }, 300_000);
});
