import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_COUNT_CAP, openCount } from "~/features/moderation/queues.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";

// The queue page's "N open items" line reads at most OPEN_COUNT_CAP + 1 index entries, so a desk far
// behind (100 000 open reports) pays the same as one that keeps up.
describe(`open items of a queue on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  const addReports = (n: number, status = "open") =>
    handle.db.execute(sql`
      insert into content_reports (status, content_url, description)
      select ${status}, 'https://elsewhere.example/clip/' || i, 'report ' || i from generate_series(1, ${n}) as i`);

  it("counts exactly up to the cap, decided items left out", async () => {
    expect(await openCount(handle.db, "reports")).toEqual({ count: 0, more: false });
    await addReports(3);
    await addReports(5, "resolved");
    expect(await openCount(handle.db, "reports")).toEqual({ count: 3, more: false });
    await addReports(OPEN_COUNT_CAP - 3);
    expect(await openCount(handle.db, "reports")).toEqual({ count: OPEN_COUNT_CAP, more: false });
  });

  it("says 'more than the cap' past it, without counting further", async () => {
    await addReports(1);
    expect(await openCount(handle.db, "reports")).toEqual({ count: OPEN_COUNT_CAP, more: true });
    await addReports(500);
    expect(await openCount(handle.db, "reports")).toEqual({ count: OPEN_COUNT_CAP, more: true });
  });
});
