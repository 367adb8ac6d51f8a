import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~schema";
import { setFlame } from "~/features/flames/index.server";
import { commitSignals, deleteSignals, dismissClip, feedStateOf, resetLearned, setFeedOrder } from "~/features/signals/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

// The order a visitor chose and the version of what the feed knows of them, read for every page of /api/feed: the
// pages asked for together share one statement, each visitor getting only their own.
describe(`the feed state on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const statements: string[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  });
  afterAll(() => handle.close());

  const watch = (clipId: string) => ({ clipId, kind: "watch" as const, watchedMs: 8000, loops: 1, completed: true, skipped: false });

  it("reads the states of visitors asked for at once, each only their own, whatever their ids hold", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const odd = `o'dd "id", {x} \\ y`;
    await handle.db.insert(user).values({ id: odd, name: "", email: "odd-state@example.com" });
    const watcher = { anonymousId: randomUUID() };
    const chooser = { anonymousId: randomUUID() };
    await commitSignals(handle.db, [{ owner: { userId: null, ...watcher, personal: true }, events: [watch(clip!.id)] }]);
    await setFeedOrder(handle.db, { userId: odd }, "shuffle");
    await setFeedOrder(handle.db, chooser, "newest");

    const [forWatcher, forOdd, forChooser, forNobody, forMalformed] = await Promise.all([
      feedStateOf(handle.db, watcher),
      feedStateOf(handle.db, { userId: odd }),
      feedStateOf(handle.db, chooser),
      feedStateOf(handle.db, { anonymousId: randomUUID() }),
      // Never from a signed cookie, but it must not fail the statement the others share.
      feedStateOf(handle.db, { anonymousId: "not-a-uuid" }),
    ]);
    expect(forWatcher.order).toBe("for-you");
    expect(forWatcher.version).toBeGreaterThan(0);
    expect(forOdd).toMatchObject({ order: "shuffle", version: 0 });
    expect(forChooser).toMatchObject({ order: "newest", version: 0 });
    expect(forNobody).toMatchObject({ order: "for-you", version: 0 });
    expect(forMalformed).toMatchObject({ order: "for-you", version: 0 });

    // A change committed before the next ask is seen by it.
    await commitSignals(handle.db, [{ owner: { userId: null, ...watcher, personal: true }, events: [watch(clip!.id)] }]);
    await setFeedOrder(handle.db, watcher, "newest");
    const after = await feedStateOf(handle.db, watcher);
    expect(after.order).toBe("newest");
    expect(after.version).toBeGreaterThan(forWatcher.version);
  });

  // On PGlite in process the state is kept and dropped as the triggers announce (migration 0048): every write that
  // moves a visitor's choice or version must be seen by their next ask, and an ask with nothing moved reads nothing.
  it("sees every change of a visitor's state on the next ask, and asks the database again only then", async () => {
    const [first, second] = await makeClips(handle.db, 2);
    const visitor = { anonymousId: randomUUID() };
    const owner = { userId: null, ...visitor, personal: true };
    const ask = async () => {
      statements.length = 0;
      const state = await feedStateOf(handle.db, visitor);
      return { ...state, statements: statements.length };
    };

    await commitSignals(handle.db, [{ owner, events: [watch(first!.id)] }]);
    const watched = await ask();
    expect(watched.version).toBeGreaterThan(0);
    const again = await ask();
    expect(again.version).toBe(watched.version);
    // Kept on PGlite in process; on PostgreSQL (and PGlite's worker) asked each time.
    if (testEngine() === "pglite" && process.env.PGLITE_WORKER !== "1") expect(again.statements).toBe(0);

    const steps: [string, () => Promise<unknown>][] = [
      ["a watch", () => commitSignals(handle.db, [{ owner, events: [watch(second!.id)] }])],
      ["Not interested", () => dismissClip(handle.db, visitor, second!.id)],
      ["its undo", () => dismissClip(handle.db, visitor, second!.id, true)],
      ["Reset everything", () => resetLearned(handle.db, visitor)],
    ];
    let before = again.version;
    for (const [what, step] of steps) {
      await step();
      const now = await ask();
      expect(now.version, what).toBeGreaterThan(before);
      before = now.version;
    }
    await setFeedOrder(handle.db, visitor, "shuffle");
    expect((await ask()).order).toBe("shuffle");
    await deleteSignals(handle.db, visitor);
    expect(await ask()).toMatchObject({ order: "for-you", version: 0 });
  });

  // On PostgreSQL the read also says whether the visitor has flamed anything: a page of a visitor without a flame
  // does not ask for its clips' flamed states. Read after the request arrived, like the rest.
  it("says, on PostgreSQL, whether the visitor has flamed anything, as of the ask", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const visitor = { anonymousId: randomUUID() };
    const member = `flames-state-${randomUUID()}`;
    await handle.db.insert(user).values({ id: member, name: "", email: `${member}@example.com` });
    const expected = (flames: boolean) => (testEngine() === "postgres" ? flames : undefined);
    expect((await feedStateOf(handle.db, visitor)).flames).toBe(expected(false));
    expect((await feedStateOf(handle.db, { userId: member })).flames).toBe(expected(false));
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: visitor, flamed: true });
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { userId: member }, flamed: true });
    expect((await feedStateOf(handle.db, visitor)).flames).toBe(expected(true));
    expect((await feedStateOf(handle.db, { userId: member })).flames).toBe(expected(true));
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: visitor, flamed: false });
    expect((await feedStateOf(handle.db, visitor)).flames).toBe(expected(false));
  });
});
