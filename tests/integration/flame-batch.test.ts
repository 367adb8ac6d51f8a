import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, user } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { flamedClipIds, setFlame } from "~/features/flames/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { isSingleWriter } from "~/lib/db/engine.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

// ADR 111: on PGlite, flames that arrive together are written by one call of set_flames. Each request must still get
// its own count, and a flame that cannot be written must fail alone.
describe(`flames that arrive together, on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const batches: number[] = [];
  let clipIds: string[];
  // One id with the characters an array literal must escape.
  const users = [...Array.from({ length: 11 }, () => randomUUID()), 'odd "id", {with} \\ signs'];

  beforeAll(async () => {
    handle = await createTestDatabase(
      testEngine() === "pglite"
        ? {
            worker: false,
            onQuery: (query, params) => {
              if (query.includes("set_flames(")) batches.push(String(params[0]).split(",").length);
            },
          }
        : {},
    );
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "flame-batch-"))) });
    const published = await handle.db.select({ id: clips.id }).from(clips).where(eq(clips.status, "published")).limit(3);
    clipIds = published.map((c) => c.id);
    // Three clips with counts far apart: an answer given to the wrong flame shows.
    for (const [i, id] of clipIds.entries())
      await handle.db
        .update(clips)
        .set({ flames: i * 1000 })
        .where(eq(clips.id, id));
    await handle.db.insert(user).values(users.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  });
  afterAll(() => handle?.close());

  const countOf = async (clipId: string) =>
    (await handle.db.select({ flames: clips.flames }).from(clips).where(eq(clips.id, clipId)))[0]!.flames;

  it("gives every flame its own count, as if they had run one after another", async () => {
    const asked = users.flatMap((userId) => clipIds.map((clipId) => ({ userId, clipId })));
    const results = await Promise.all(
      asked.map(({ userId, clipId }) => setFlame(handle.db, { clipId, flameOwner: { userId }, flamed: true })),
    );
    const singleWriter = isSingleWriter(handle.db);
    if (singleWriter) expect(Math.max(...batches)).toBeGreaterThan(1);
    for (const [i, clipId] of clipIds.entries()) {
      const counts = results.filter((_, k) => asked[k]!.clipId === clipId).map((r) => r!.flames);
      // Each of the twelve flames moved the count by one: twelve different counts — on a single writer, in the order
      // the flames arrived (PostgreSQL's pool runs them in any order).
      const expected = Array.from({ length: users.length }, (_, n) => i * 1000 + n + 1);
      expect(singleWriter ? counts : counts.sort((a, b) => a - b)).toEqual(expected);
      expect(await countOf(clipId)).toBe(i * 1000 + users.length);
    }
    // What follows relies on the order of arrival, which only a single writer keeps.
    if (!singleWriter) return;
    // Taken back, and one owner's flame given and taken back within one burst: the last asked stands.
    const [first] = users;
    const back = await Promise.all([
      ...users.map((userId) => setFlame(handle.db, { clipId: clipIds[0]!, flameOwner: { userId }, flamed: false })),
      setFlame(handle.db, { clipId: clipIds[0]!, flameOwner: { userId: first! }, flamed: true }),
      setFlame(handle.db, { clipId: clipIds[0]!, flameOwner: { userId: first! }, flamed: false }),
      setFlame(handle.db, { clipId: clipIds[0]!, flameOwner: { userId: first! }, flamed: true }),
    ]);
    expect(back.slice(0, users.length).map((r) => r!.flames)).toEqual(Array.from({ length: users.length }, (_, n) => users.length - n - 1));
    expect(back.slice(users.length).map((r) => r!.flamed)).toEqual([true, false, true]);
    expect(await countOf(clipIds[0]!)).toBe(1);
    // What the owner's pages show (ADR 045's in-memory sets follow the announcements) agrees with the rows.
    expect([...(await flamedClipIds(handle.db, { userId: first! }, [clipIds[0]!]))]).toEqual([clipIds[0]]);
    expect([...(await flamedClipIds(handle.db, { userId: users[1]! }, [clipIds[0]!]))]).toEqual([]);
  });

  it("fails only the flame that cannot be written", async () => {
    const before = await Promise.all(clipIds.map(countOf));
    const anonymous = clipIds.map(() => randomUUID());
    const results = await Promise.allSettled([
      ...clipIds.map((clipId, i) => setFlame(handle.db, { clipId, flameOwner: { anonymousId: anonymous[i]! }, flamed: true })),
      // No such user: the flame's row breaks its foreign key.
      setFlame(handle.db, { clipId: clipIds[1]!, flameOwner: { userId: "no-such-user" }, flamed: true }),
      // No such clip: answered null (404), not an error.
      setFlame(handle.db, { clipId: randomUUID(), flameOwner: { anonymousId: randomUUID() }, flamed: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(results.slice(0, 3).map((r) => (r as PromiseFulfilledResult<{ flames: number }>).value.flames)).toEqual(
      before.map((n) => n + 1),
    );
    expect((results[4] as PromiseFulfilledResult<unknown>).value).toBeNull();
    expect(await Promise.all(clipIds.map(countOf))).toEqual(before.map((n) => n + 1));
    const rows = (await handle.db.execute(
      sql`select count(*)::int as n from user_flames where ${inArray(sql`anonymous_id`, anonymous)}`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[];
    expect((Array.isArray(rows) ? rows : rows.rows)[0]!.n).toBe(3);
  });
});
