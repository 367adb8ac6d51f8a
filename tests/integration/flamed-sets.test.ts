import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { flamedClipIds, mergeAnonymousFlames, setFlame } from "~/features/flames/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

// ADR 045: on PGlite in process a flame owner's flamed clips are kept in memory from the user_flames announcements
// (channel `user_flames`, docs/database.md); everywhere the answer is the database's, on the very next call.
const inProcess = testEngine() === "pglite" && process.env.PGLITE_WORKER !== "1";

describe(`which clips a flame owner flamed, on ${testEngine()}${inProcess ? " in process" : ""}`, () => {
  let handle: DatabaseHandle;
  const queries: string[] = [];
  let clipIds: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(inProcess ? { onQuery: (query) => queries.push(query) } : {});
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "flamed-sets-"))) });
    const rows = (await handle.db.execute(sql`select id from clips where status = 'published' order by id limit 4`)) as unknown as {
      rows: { id: string }[];
    };
    clipIds = rows.rows.map((row) => row.id);
  });
  afterAll(() => handle?.close());

  it("is exact after a flame, an unflame and a sign-in merge, for each owner alone", async () => {
    const anonymousId = randomUUID();
    const other = { anonymousId: randomUUID() };
    const [a, b, c] = clipIds;
    expect(await flamedClipIds(handle.db, { anonymousId }, clipIds)).toEqual(new Set());
    await setFlame(handle.db, { clipId: a!, flameOwner: { anonymousId }, flamed: true });
    await setFlame(handle.db, { clipId: b!, flameOwner: { anonymousId }, flamed: true });
    await setFlame(handle.db, { clipId: c!, flameOwner: other, flamed: true });
    expect(await flamedClipIds(handle.db, { anonymousId }, clipIds)).toEqual(new Set([a, b]));
    expect(await flamedClipIds(handle.db, other, clipIds)).toEqual(new Set([c]));

    await setFlame(handle.db, { clipId: b!, flameOwner: { anonymousId }, flamed: false });
    expect(await flamedClipIds(handle.db, { anonymousId }, clipIds)).toEqual(new Set([a]));

    const userId = randomUUID();
    await handle.db.insert(user).values({ id: userId, name: "Merged", email: `merged-${userId}@example.com` });
    expect(await flamedClipIds(handle.db, { userId }, clipIds)).toEqual(new Set());
    await mergeAnonymousFlames(handle.db, { anonymousId, userId });
    expect(await flamedClipIds(handle.db, { userId }, clipIds)).toEqual(new Set([a]));
    expect(await flamedClipIds(handle.db, { anonymousId }, clipIds)).toEqual(new Set());
  });

  it.runIf(inProcess)("asks the database once per owner, then never again", async () => {
    const owner = { anonymousId: randomUUID() };
    await flamedClipIds(handle.db, owner, clipIds);
    queries.length = 0;
    await setFlame(handle.db, { clipId: clipIds[3]!, flameOwner: owner, flamed: true });
    const writes = queries.length;
    expect(await flamedClipIds(handle.db, owner, clipIds)).toEqual(new Set([clipIds[3]]));
    expect(queries.length).toBe(writes);
  });
});
