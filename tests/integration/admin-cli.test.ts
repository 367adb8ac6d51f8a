import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moderatorGrants, moderationAudit } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { runAdminCommand } from "../../scripts/admin";
import { createTestDatabase, testEngine } from "../support/database";

// The CLI opens the database itself: a fresh PGlite folder, or the test PostgreSQL.
describe(`npm run admin on ${testEngine()}`, () => {
  const url = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle | null = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
  beforeAll(async () => {
    if (url) {
      handle = await createTestDatabase();
      await handle.close();
    }
  });

  it("grants, reports repeats, revokes and rejects bad input", async () => {
    expect(await runAdminCommand(["grant", "Chief@Example.com"], env)).toEqual({ code: 0, out: "granted admin to chief@example.com" });
    expect(await runAdminCommand(["grant", "chief@example.com"], env)).toEqual({ code: 0, out: "chief@example.com is already an admin" });
    expect(await runAdminCommand(["grant", "nope"], env)).toEqual({ code: 1, out: "not a valid e-mail address: nope" });
    expect(await runAdminCommand(["promote", "a@b.co"], env)).toMatchObject({ code: 1, out: expect.stringContaining("usage") });
    expect(await runAdminCommand(["revoke", "chief@example.com"], env)).toEqual({ code: 0, out: "revoked admin from chief@example.com" });
    expect(await runAdminCommand(["revoke", "chief@example.com"], env)).toEqual({ code: 0, out: "chief@example.com was not an admin" });
  });

  it("leaves an audit trail with actor 'cli' and no grant behind after revoke", async () => {
    const { openDatabase } = await import("~/lib/db.server");
    const db = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({ dataDir });
    try {
      expect(await db.db.select().from(moderatorGrants).where(eq(moderatorGrants.email, "chief@example.com"))).toEqual([]);
      const rows = await db.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, "chief@example.com"));
      expect(rows.map((r) => [r.action, r.actorEmail]).sort()).toEqual([
        ["moderator_granted", "cli"],
        ["moderator_revoked", "cli"],
      ]);
    } finally {
      await db.close();
    }
  });
});
