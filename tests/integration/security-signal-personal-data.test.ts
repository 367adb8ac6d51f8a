import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database } from "~/lib/database";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  commitSignals,
  deleteSignals,
  dismissClip,
  feedStateOf,
  pruneSignals,
  setFeedOrder,
  setHistoryPaused,
  signalsExport,
} from "~/features/signals/index.server";
import { deleteAccount } from "~/features/accounts/account.server";
import { withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";

// Everything the watch signals keep under a person — the raw events, the history, the weights, "Not interested",
// the feed's choices and the version the kept rankings are keyed by (ADR 199) — follows the rules of
// docs/product.md § Watch signals: kept 90 days then only aggregates, in the member's export, deleted with the account.

/** Every table the watch signals key by visitor; each has `user_id` and `anonymous_id`. */
const VISITOR_TABLES = [
  "watch_events",
  "clip_views",
  "visitor_affinities",
  "dismissed_clips",
  "visitor_feed_settings",
  "visitor_signal_versions",
] as const;

const watch = (clipId: string, watchedMs = 8000) => ({
  clipId,
  kind: "watch" as const,
  watchedMs,
  loops: 0,
  completed: true,
  skipped: false,
});

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
};

type Owner = { userId: string } | { anonymousId: string };
const where = (owner: Owner) => ("userId" in owner ? sql`user_id = ${owner.userId}` : sql`anonymous_id = ${owner.anonymousId}::uuid`);

/** How many rows each visitor table holds for this visitor (only the non-empty ones). */
async function rowsKeptFor(db: Database, owner: Owner): Promise<Record<string, number>> {
  const kept: Record<string, number> = {};
  for (const table of VISITOR_TABLES) {
    const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${sql.raw(table)} where ${where(owner)}`);
    if (Number(row!.n) > 0) kept[table] = Number(row!.n);
  }
  return kept;
}

/** Moves every dated row of the visitor 91 days back, as if they had not come back since. */
async function age(db: Database, owner: Owner): Promise<void> {
  await db.execute(sql`update watch_events set created_at = now() - interval '91 days' where ${where(owner)}`);
  await db.execute(sql`update clip_views set viewed_at = now() - interval '91 days' where ${where(owner)}`);
  await db.execute(sql`update dismissed_clips set created_at = now() - interval '91 days' where ${where(owner)}`);
  await db.execute(sql`update visitor_affinities set updated_at = now() - interval '91 days' where ${where(owner)}`);
}

async function makeMember(db: Database): Promise<string> {
  const userId = randomUUID();
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values (${userId}, 'W', ${`${userId}@example.com`}, true, now(), now())`);
  return userId;
}

describe(`personal data of the watch signals on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  withTestApp((made) => ({ handle } = made));

  it("retention: a visitor whose signals have all gone keeps no row anywhere but their feed choices", async () => {
    const [clip, other] = await makeClips(handle.db, 2);
    const gone = { anonymousId: randomUUID() };
    const member = { userId: await makeMember(handle.db) };
    const stays = { anonymousId: randomUUID() };
    for (const owner of [gone, member, stays]) {
      await commitSignals(handle.db, [{ owner: { userId: null, anonymousId: null, ...owner, personal: true }, events: [watch(clip!.id)] }]);
      expect(await dismissClip(handle.db, owner, other!.id)).toBe(true);
    }
    await setFeedOrder(handle.db, gone, "newest");
    await setHistoryPaused(handle.db, { owner: member, paused: true });
    await age(handle.db, gone);
    await age(handle.db, member);
    // The third visitor's events are old, but they came back since: their weights are fresh.
    await handle.db.execute(sql`update watch_events set created_at = now() - interval '91 days' where ${where(stays)}`);
    const before = await feedStateOf(handle.db, stays);

    await pruneSignals(handle.db);

    // Their choices stay (a paused history must stay paused); nothing of what they watched, not even the version.
    expect(await rowsKeptFor(handle.db, gone)).toEqual({ visitor_feed_settings: 1 });
    expect(await rowsKeptFor(handle.db, member)).toEqual({ visitor_feed_settings: 1 });
    // A visitor with weights left keeps their version, moved: the events the ranking read are gone.
    expect(await rowsKeptFor(handle.db, stays)).toMatchObject({ visitor_affinities: expect.any(Number), visitor_signal_versions: 1 });
    expect((await feedStateOf(handle.db, stays)).version).not.toBe(before.version);
  });

  it("retention on a large prune: the version rows of every visitor emptied go, in the job's slices", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const owners = Array.from({ length: 30 }, () => ({ anonymousId: randomUUID() }));
    await commitSignals(
      handle.db,
      owners.map((owner) => ({ owner: { userId: null, ...owner, personal: true }, events: [watch(clip!.id)] })),
    );
    for (const owner of owners) await age(handle.db, owner);
    await pruneSignals(handle.db, new Date(), 7);
    for (const owner of owners) expect(await rowsKeptFor(handle.db, owner)).toEqual({});
  });

  it("account deletion: no row keyed by the member is left in any signals table", async () => {
    const [clip, other] = await makeClips(handle.db, 2);
    const member = { userId: await makeMember(handle.db) };
    await commitSignals(handle.db, [{ owner: { userId: member.userId, anonymousId: null, personal: true }, events: [watch(clip!.id)] }]);
    expect(await dismissClip(handle.db, member, other!.id)).toBe(true);
    await setFeedOrder(handle.db, member, "shuffle");
    await setHistoryPaused(handle.db, { owner: member, paused: true });
    expect(Object.keys(await rowsKeptFor(handle.db, member)).sort()).toEqual([...VISITOR_TABLES].sort());

    await deleteAccount(handle.db, member.userId);
    expect(await rowsKeptFor(handle.db, member)).toEqual({});
  });

  // Two connections at once: PGlite has one, so the race cannot happen there.
  it.skipIf(testEngine() !== "postgres")(
    "account deletion racing a signal commit: the commit that held the member's row leaves nothing behind",
    async () => {
      const [clip] = await makeClips(handle.db, 1);
      const member = { userId: await makeMember(handle.db) };
      // A signal commit on its own connection: its rows reference the member (a key-share lock on the user row) and
      // its trigger makes the member's version row — all invisible to the deletion until it commits.
      const commit = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await commit.connect();
      try {
        await commit.query("begin");
        await commit.query(
          `insert into visitor_affinities (user_id, facet, item_id, weight, updated_at) values ($1, 'category', $2, 1, now())`,
          [member.userId, clip!.categoryId],
        );
        const deleting = deleteAccount(handle.db, member.userId);
        // The deletion reaches the user row and waits for the commit.
        const waiting = async () =>
          Number(
            (
              await commit.query(
                `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          ) > 0;
        const until = Date.now() + 10_000;
        while (!(await waiting())) {
          if (Date.now() > until) throw new Error("the deletion never waited for the signal commit");
          await new Promise((r) => setTimeout(r, 20));
        }
        await commit.query("commit");
        await deleting;
      } finally {
        await commit.end();
      }
      expect(await rowsKeptFor(handle.db, member)).toEqual({});
    },
  );

  it("export: the member's events, history, weights, Not interested marks and feed choices", async () => {
    const [clip, other] = await makeClips(handle.db, 2);
    const member = { userId: await makeMember(handle.db) };
    await commitSignals(handle.db, [{ owner: { userId: member.userId, anonymousId: null, personal: true }, events: [watch(clip!.id)] }]);
    expect(await dismissClip(handle.db, member, other!.id)).toBe(true);
    await setFeedOrder(handle.db, member, "newest");
    await setHistoryPaused(handle.db, { owner: member, paused: true });
    const exported = await signalsExport(handle.db, member.userId);
    expect(exported.watchEvents).toHaveLength(1);
    expect(exported.watchHistory).toHaveLength(1);
    expect(exported.feedAffinities.length).toBeGreaterThan(0);
    expect(exported.notInterested).toEqual([expect.objectContaining({ clipId: other!.id })]);
    expect(exported.feedSettings).toMatchObject({ feedOrder: "newest", historyPaused: true });
  });

  it("a version never comes back: once a visitor's row went, their next one is new to every kept ranking", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const visitor = { anonymousId: randomUUID() };
    const commit = () => commitSignals(handle.db, [{ owner: { userId: null, ...visitor, personal: true }, events: [watch(clip!.id)] }]);
    await commit();
    const first = (await feedStateOf(handle.db, visitor)).version;
    expect(first).toBeGreaterThan(0);

    // Everything goes (the account's deletion, or retention once every signal is old), then they watch again.
    await deleteSignals(handle.db, visitor);
    expect((await feedStateOf(handle.db, visitor)).version).toBe(0);
    await commit();
    const again = (await feedStateOf(handle.db, visitor)).version;
    expect(again).toBeGreaterThan(first);

    await age(handle.db, visitor);
    await pruneSignals(handle.db);
    expect((await feedStateOf(handle.db, visitor)).version).toBe(0);
    await commit();
    expect((await feedStateOf(handle.db, visitor)).version).toBeGreaterThan(again);
  });
});
