import { expect } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { seedSimCatalogue, type SimCatalogue } from "../../scripts/support/feed-simulation";
import { type TestApp, withTestApp } from "./app";

/** A browser's user agent: scripts' own are taken for bots by the signal endpoint. */
export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * A visitor who finished every clip of one category among `clips` and skipped the others, as their browser sends it
 * to `/api/signals` (batches of 50); returns their cookie (the signed `spicy_uid`).
 */
export async function visitorWhoLikes(appUrl: string, catalogue: SimCatalogue, categoryId: string, clips: string[]): Promise<string> {
  const events = clips.map((clipId) => {
    const liked = catalogue.clips.get(clipId)!.categoryId === categoryId;
    return { clipId, kind: "watch", watchedMs: liked ? 8000 : 900, loops: 0, completed: liked, skipped: !liked };
  });
  let cookie = "";
  for (let i = 0; i < events.length; i += 50) {
    const res = await fetch(`${appUrl}/api/signals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: appUrl, cookie },
      body: JSON.stringify({ events: events.slice(i, i + 50) }),
    });
    expect(res.status).toBe(204);
    cookie ||= res.headers.getSetCookie()[0]!.split(";")[0]!;
  }
  return cookie;
}

/**
 * The file's test app (tests/support/app.ts) with the feed simulation's small catalogue, seeded on first use by
 * `sim()`: 600 clips over 200 days, 5 categories, 15 creators, 10 tags.
 */
export function withSimApp() {
  const made = {} as { handle: DatabaseHandle; app: TestApp; catalogue?: SimCatalogue };
  withTestApp((m) => Object.assign(made, m));
  return {
    get handle() {
      return made.handle;
    },
    get app() {
      return made.app;
    },
    get catalogue() {
      return made.catalogue!;
    },
    sim: async () =>
      (made.catalogue ??= await seedSimCatalogue(made.handle.db, { clips: 600, categories: 5, creators: 15, tags: 10, spanDays: 200 })),
    visitorWhoLikes: (categoryId: string, clips: string[]) => visitorWhoLikes(made.app.url, made.catalogue!, categoryId, clips),
  };
}
