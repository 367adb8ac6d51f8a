import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moderatorGrants, contentSubmissions, jobs, moderationAudit, requestLimits, takedownBlocks, takedownMatches, user } from "~schema";
import { deleteAccount } from "~/features/accounts/account.server";
import { receiveForm } from "~/features/forms/forms.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { rateLimitKey, takeRateLimit } from "~/lib/rate-limit.server";
import { makeClips } from "../support/catalog";
import { columnsHolding } from "../support/column-scan";
import { testEngine } from "../support/database";
import { type TestServices, withTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";

describe(`account deletion leaves nothing of the person on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made), ORIGIN);

  it("enumerates every table and column, both before (the person is everywhere) and after (nowhere)", async () => {
    const { db, storage } = env.services;
    const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(env, email);
    const userId = (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const [clip] = await makeClips(db, 1);
    const store = { db, secret: env.services.secret };
    const receive = (name: Parameters<typeof receiveForm>[1], values: Record<string, unknown>) =>
      receiveForm(store, name, { values, clientIp: randomUUID(), userId, origin: ORIGIN });

    // Every form, signed in, with the address and a phone; a submission with its uploaded file.
    expect(await receive("contact", { name: "Gone Person", email, subject: "Hi", message: "Please call me" })).toMatchObject({ ok: true });
    expect(
      await receive("partnership", {
        salesPlatformUrl: "https://fans.example/g",
        socialNetworkUrl: "https://x.com/g",
        email,
        phone: "+1 555 0199",
      }),
    ).toMatchObject({ ok: true });
    expect(await receive("report", { contentUrl: `${ORIGIN}/video/${clip!.id}`, description: "Report", email })).toMatchObject({
      ok: true,
    });
    expect(
      await receive("claim", { contentUrl: `${ORIGIN}/video/${clip!.id}`, email, phone: "+1 555 0199", position: "partnership" }),
    ).toMatchObject({ ok: true });
    const submitted = await receive("submit", {
      creatorName: "Gone",
      category: "Cosplay",
      tags: "blonde, cosplay",
      imageOrVideoLink: "https://example.com/a.mp4",
      salesProfileLink: "https://fans.example/g",
      socialLinks: "X: https://x.com/g",
    });
    expect(submitted).toMatchObject({ ok: true });
    const uploadKey = `quarantine/${randomUUID()}.mp4`;
    await storage.put(uploadKey, Buffer.from("synthetic upload"), { contentType: "video/mp4" });
    await db
      .update(contentSubmissions)
      .set({ email, uploadKey, uploadName: "me.mp4", uploadBytes: 16 })
      .where(eq(contentSubmissions.id, submitted.ok ? submitted.id : ""));
    // The same person writing while signed out: only the address ties the record to them.
    expect(
      await receiveForm(store, "contact", {
        values: { name: "Gone", email: email.toUpperCase(), subject: "Again", message: "Signed out" },
        clientIp: randomUUID(),
        userId: null,
        origin: ORIGIN,
      }),
    ).toMatchObject({ ok: true });

    // As a moderator: a grant, audit rows, a takedown block and a decided copy, a queued outcome e-mail.
    await db.insert(moderatorGrants).values({ email, grantedBy: email });
    await db
      .insert(moderationAudit)
      .values({ actorUserId: userId, actorEmail: email, action: "hide", targetType: "clip", targetId: clip!.id });
    const [block] = await db
      .insert(takedownBlocks)
      .values({ clipId: clip!.id, clipTitle: "A clip", reason: "report", createdBy: email })
      .returning();
    await db.insert(takedownMatches).values({ blockId: block!.id, clipId: clip!.id, distance: 1, coverage: 1, decidedBy: email });
    await db.insert(jobs).values({ kind: "outcome-mail", payload: { to: email, userId, queue: "contact" } });
    // Rate-limit rows keyed on the address and the user.
    await takeRateLimit(store, `sign-in:email:${email}`, { window: 600, max: 3 });
    await takeRateLimit(store, `usage:${userId}`, { window: 600, max: 3 });

    const before = await columnsHolding(handle, [email, userId]);
    expect(before).toEqual(
      expect.arrayContaining([
        "user.email",
        "session.user_id",
        "contact_messages.email",

        "moderation_audit.actor_email",
        "jobs.payload",
        "takedown_blocks.created_by",
      ]),
    );
    const limitKeys = [rateLimitKey(env.services.secret, `sign-in:email:${email}`), rateLimitKey(env.services.secret, `usage:${userId}`)];
    expect((await db.select().from(requestLimits)).filter((r) => limitKeys.includes(r.key))).toHaveLength(2);
    expect(cookie).toBeTruthy();

    await expect(deleteAccount(db, userId, { storage, secret: env.services.secret })).resolves.toBeUndefined();

    expect(await columnsHolding(handle, [email, userId, "+1 555 0199", "Gone Person"])).toEqual([]);
    expect((await db.select().from(requestLimits)).filter((r) => limitKeys.includes(r.key))).toEqual([]);
    expect(await storage.exists(uploadKey)).toBe(false);
    // Anonymised, not removed: the audit trail and the takedown stay.
    expect(await db.select().from(moderationAudit)).toHaveLength(1);
    expect(await db.select().from(takedownBlocks)).toHaveLength(1);
  });

  it("rate-limit rows store keyed hashes, not plain hashes of the address", async () => {
    const { createHash } = await import("node:crypto");
    const email = `hash-${randomUUID().slice(0, 8)}@example.com`;
    await takeRateLimit({ db: handle.db, secret: env.services.secret }, `sign-in:email:${email}`, { window: 600, max: 3 });
    const plain = createHash("sha256").update(`sign-in:email:${email}`).digest("hex");
    expect((await handle.db.select().from(requestLimits)).some((r) => r.key === plain)).toBe(false);
  });
});
