import { sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { CookieJar } from "../../scripts/load/http";
import type { ServerProcess } from "../../scripts/support/server-process";
import { rowsOf, seededFlames } from "../support/flame-ledger";
import { killableServer } from "../support/killable-server";

// ADR 130 and ADR 103: watch-signal batches are answered only once their group commit is on disk. Visitors send
// batches concurrently, the server is SIGKILLed mid-stream and started again on the same data: every batch answered
// 2xx is there, event by event, and every clip's counters equal its stored events and views (nothing half written).
// The counters take a visitor's first watch and first share of a clip each day (ADR 252); a visitor's events of one clip
// carry the same completion, skip and loops, so whichever of them came first, the expected counters are exact.
// A batch is recognised by its events' watchedMs, unique to it. PGlite under a data folder, or PostgreSQL with
// TEST_DATABASE_URL (in a database of its own). Answering before the commit makes it fail: the batches still waiting
// for the next commit, or inside the one the kill interrupts, are answered and lost.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** A visitor's browser: scripts' user agents are taken for bots and their signals dropped. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const WRITERS = 16;
/** Each writer plays several visitors in turn, each within its per-visitor bound (60 batches a minute). */
const VISITORS_PER_WRITER = 8;

interface SentEvent {
  clipId: string;
  kind: "watch" | "share";
  watchedMs: number;
  loops: number;
  completed: boolean;
  skipped: boolean;
}

describe(`watch signals across a SIGKILL, on ${onPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("keeps every acknowledged batch, and every clip's counters equal its stored events", async () => {
    const killable = await killableServer("spicy_signals_kill", cleanups, WRITERS * 2);
    const { client, dataDir, databaseUrl } = killable;
    let server: ServerProcess = killable.server;
    const clipIds = [...(await seededFlames(client, 36)).keys()];
    expect(clipIds.length).toBeGreaterThan(10);

    let nextBatch = 0;
    const acknowledged: { anonymousId: string; events: SentEvent[] }[] = [];
    const refused = new Map<number, number>();
    let killed = false;
    const writer = async (w: number) => {
      const visitors = Array.from({ length: VISITORS_PER_WRITER }, () => new CookieJar({ age_verified: "true" }));
      const ip = `10.78.${w >> 8}.${w & 255}`;
      for (let i = 0; !killed; i++) {
        const jar = visitors[i % VISITORS_PER_WRITER]!;
        // watchedMs = batch × 20 + position: unique to the batch, so its rows can be told from every other's.
        const batch = nextBatch++;
        const events: SentEvent[] = Array.from({ length: 10 + (batch % 11) }, (_, e) => {
          const at = (batch * 7 + e * 3) % clipIds.length;
          const clipId = clipIds[at]!;
          const watchedMs = 1000 + batch * 20 + e;
          return e % 9 === 8
            ? { clipId, kind: "share", watchedMs, loops: 0, completed: false, skipped: false }
            : { clipId, kind: "watch", watchedMs, loops: at % 3, completed: at % 4 === 0, skipped: at % 4 === 1 };
        });
        const reply = await client.request("/api/signals", {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": CHROME,
            origin: server.url,
            "sec-fetch-site": "same-origin",
            "x-forwarded-for": ip,
            cookie: jar.header(),
          },
          body: JSON.stringify({ events }),
        });
        jar.take(reply.headers);
        const visitor = /spicy_uid=([^;]+)/.exec(jar.header())?.[1];
        // The cookie is `<id>.<signature>` (ADR 093); the rows hold the id.
        if (reply.status >= 200 && reply.status < 300 && visitor)
          acknowledged.push({ anonymousId: decodeURIComponent(visitor).split(".")[0]!, events });
        else if (reply.status !== 0) refused.set(reply.status, (refused.get(reply.status) ?? 0) + 1);
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w + 1)));
    // Until well into the stream: enough batches answered that commits are surely running when the kill comes.
    const started = Date.now();
    while (acknowledged.length < 150 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 50));
    await server.kill();
    killed = true;
    await writing;
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(Object.fromEntries(refused), "no batch refused").toEqual({});

    if (!onPostgres) expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    server = await killable.restart();
    const code = await server.stop();
    expect(code, server.output()).toBe(0);

    const handle = databaseUrl ? await openDatabase({ databaseUrl }) : await openDatabase({ dataDir });
    try {
      const rows = (await rowsOf(
        handle,
        sql`select anonymous_id::text as visitor, clip_id::text as clip, kind, watched_ms as "watchedMs", loops, completed, skipped
          from watch_events`,
      )) as { visitor: string; clip: string; kind: string; watchedMs: number; loops: number; completed: boolean; skipped: boolean }[];
      const stored = new Map(rows.map((r) => [`${r.visitor}/${r.watchedMs}`, r]));
      let missing = 0;
      for (const batch of acknowledged) {
        for (const event of batch.events) {
          const row = stored.get(`${batch.anonymousId}/${event.watchedMs}`);
          if (!row) missing++;
          else expect({ ...row, visitor: undefined }).toEqual({ ...event, clip: event.clipId, clipId: undefined, visitor: undefined });
        }
      }
      expect(missing, `events of acknowledged batches missing (of ${acknowledged.length} batches)`).toBe(0);

      // Each clip's counters are exactly its stored events and views: the commit wrote all of them or none.
      const mismatched = await rowsOf(
        handle,
        sql`with firsts as (
              select distinct on (anonymous_id, clip_id, kind) * from watch_events order by anonymous_id, clip_id, kind, created_at),
            e as (
              select clip_id, count(*) filter (where kind = 'watch') as watches,
                count(*) filter (where kind = 'watch' and completed) as completions,
                count(*) filter (where kind = 'watch' and skipped) as skips,
                coalesce(sum(loops) filter (where kind = 'watch'), 0) as loops,
                count(*) filter (where kind = 'share') as shares
              from firsts group by clip_id),
            v as (select clip_id, count(*) as views from clip_views group by clip_id)
          select s.clip_id::text as clip, s.watches, e.watches as events_watches, s.views, coalesce(v.views, 0) as view_rows
          from clip_stats s full join e on e.clip_id = s.clip_id left join v on v.clip_id = coalesce(s.clip_id, e.clip_id)
          where s.clip_id is null or e.clip_id is null or s.watches <> e.watches or s.completions <> e.completions
            or s.skips <> e.skips or s.loops <> e.loops or s.shares <> e.shares or s.views <> coalesce(v.views, 0)`,
      );
      expect(mismatched).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
