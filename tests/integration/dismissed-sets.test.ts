import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { deleteSignals, dismissClip, dismissedAmong, mergeAnonymousSignals } from "~/features/signals/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

// A stored page asks, on every visit, whether this visitor marked its lead "Not interested". On PGlite in process the
// answer comes from each visitor's dismissals kept in memory from the dismissed_clips announcements (channel
// `dismissed_clips`, docs/database.md); everywhere it is the database's, on the very next call.
const inProcess = testEngine() === "pglite" && process.env.PGLITE_WORKER !== "1";

describe(`which clips a visitor marked "Not interested", on ${testEngine()}${inProcess ? " in process" : ""}`, () => {
  let handle: DatabaseHandle;
  const queries: string[] = [];
  let clipIds: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(inProcess ? { onQuery: (query) => queries.push(query) } : {});
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "dismissed-sets-"))) });
    const rows = (await handle.db.execute(sql`select id from clips where status = 'published' order by id limit 4`)) as unknown as {
      rows: { id: string }[];
    };
    clipIds = rows.rows.map((row) => row.id);
  });
  afterAll(() => handle?.close());

  it("is exact after a dismissal, an undo, a sign-in merge and an account's deletion, for each visitor alone", async () => {
    const anonymousId = randomUUID();
    const other = { anonymousId: randomUUID() };
    const [a, b, c] = clipIds;
    expect(await dismissedAmong(handle.db, { anonymousId }, clipIds)).toEqual(new Set());
    await dismissClip(handle.db, { anonymousId }, a!);
    await dismissClip(handle.db, { anonymousId }, b!);
    await dismissClip(handle.db, other, c!);
    expect(await dismissedAmong(handle.db, { anonymousId }, clipIds)).toEqual(new Set([a, b]));
    expect(await dismissedAmong(handle.db, other, clipIds)).toEqual(new Set([c]));

    await dismissClip(handle.db, { anonymousId }, b!, true);
    expect(await dismissedAmong(handle.db, { anonymousId }, clipIds)).toEqual(new Set([a]));

    const userId = randomUUID();
    await handle.db.insert(user).values({ id: userId, name: "Merged", email: `merged-${userId}@example.com` });
    expect(await dismissedAmong(handle.db, { userId }, clipIds)).toEqual(new Set());
    await mergeAnonymousSignals(handle.db, { anonymousId, userId });
    expect(await dismissedAmong(handle.db, { userId }, clipIds)).toEqual(new Set([a]));
    expect(await dismissedAmong(handle.db, { anonymousId }, clipIds)).toEqual(new Set());

    await deleteSignals(handle.db, { userId });
    expect(await dismissedAmong(handle.db, { userId }, clipIds)).toEqual(new Set());
  });

  it.runIf(inProcess)("asks the database once per visitor, then never again", async () => {
    const owner = { anonymousId: randomUUID() };
    await dismissedAmong(handle.db, owner, clipIds);
    queries.length = 0;
    await dismissClip(handle.db, owner, clipIds[3]!);
    const writes = queries.length;
    expect(await dismissedAmong(handle.db, owner, clipIds)).toEqual(new Set([clipIds[3]]));
    expect(queries.length).toBe(writes);
  });
});
