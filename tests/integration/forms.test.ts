import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, contentClaims, contentReports, contentSubmissions, partnershipApplications, user } from "~schema";
import { clipIdFromLink } from "~/features/clips/index.server";
import { FORM_LIMIT, receiveForm } from "~/features/forms/forms.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

const ORIGIN = "http://localhost:3000";

describe(`form records on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  // A fresh IP per call keeps the rate limit out of tests that are not about it.
  const receive = (
    name: Parameters<typeof receiveForm>[1],
    values: Record<string, unknown>,
    extra: { clientIp?: string; userId?: string | null; language?: "en" | "es" } = {},
  ) =>
    receiveForm({ db: handle.db, secret: "test-secret" }, name, {
      values,
      clientIp: extra.clientIp ?? randomUUID(),
      userId: extra.userId ?? null,
      language: extra.language,
      origin: ORIGIN,
    });

  it("stores a sanitised submission as an open item", async () => {
    const result = await receive("submit", {
      creatorName: ` <script>Ava "Night"</script> `,
      category: "Cosplay",
      tags: "blonde, 'cosplay'",
      imageOrVideoLink: "https://example.com/a.mp4",
      salesProfileLink: "https://fans.example/ava",
      socialLinks: "X: https://x.com/ava\nIG: https://instagram.com/ava",
    });
    expect(result.ok).toBe(true);
    const [row] = await handle.db
      .select()
      .from(contentSubmissions)
      .where(eq(contentSubmissions.id, result.ok ? result.id : ""));
    expect(row).toMatchObject({
      creatorName: "scriptAva Night/script",
      tags: "blonde, cosplay",
      socialLinks: "X: https://x.com/ava\nIG: https://instagram.com/ava",
      status: "open",
      moderatorNote: null,
      userId: null,
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses bad input with message keys and writes nothing", async () => {
    const before = (await handle.db.select({ n: count() }).from(contentSubmissions))[0]!.n;
    const result = await receive("submit", { creatorName: "A", category: "Nope", tags: "", imageOrVideoLink: "x", salesProfileLink: "" });
    expect(result).toEqual({
      ok: false,
      status: 400,
      errors: {
        creatorName: "errors.creatorNameShort",
        category: "errors.categoryRequired",
        tags: "errors.tagsRequired",
        imageOrVideoLink: "errors.urlInvalid",
        salesProfileLink: "errors.urlInvalid",
      },
    });
    expect((await handle.db.select({ n: count() }).from(contentSubmissions))[0]!.n).toBe(before);
  });

  it("stores contact messages and partnership applications with the signed-in user", async () => {
    const userId = randomUUID();
    await handle.db.insert(user).values({ id: userId, name: "ava", email: `${userId}@example.com` });
    const message = "Hello,\n\n" + "long line ".repeat(100);
    const contact = await receive("contact", { name: "Ava", email: "ava@example.com", subject: "Hi", message }, { userId });
    const [contactRow] = await handle.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, contact.ok ? contact.id : ""));
    expect(contactRow).toMatchObject({ name: "Ava", email: "ava@example.com", subject: "Hi", message: message.trim(), userId });

    const partner = await receive("partnership", {
      salesPlatformUrl: "https://fans.example/ava",
      socialNetworkUrl: "https://x.com/ava",
      email: "ava@example.com",
      phone: "",
    });
    const [partnerRow] = await handle.db
      .select()
      .from(partnershipApplications)
      .where(eq(partnershipApplications.id, partner.ok ? partner.id : ""));
    expect(partnerRow).toMatchObject({ socialNetworkUrl: "https://x.com/ava", phone: null, userId: null });

    // Deleting the account keeps the record, without the user.
    await handle.db.delete(user).where(eq(user.id, userId));
    const [kept] = await handle.db
      .select({ userId: contactMessages.userId })
      .from(contactMessages)
      .where(eq(contactMessages.id, contactRow!.id));
    expect(kept).toEqual({ userId: null });
  });

  const CONSENT_NOTICE = { basis: "consent", signature: "Ava Example", goodFaith: "on", details: "It shows me; I never agreed to it." };

  it("links reports and claims to the clip their URL names on this site", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const [hidden] = await makeClips(handle.db, 1, { status: "hidden" });
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/video/${clip!.id}`, ORIGIN)).toBe(clip!.id);
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/video/${clip!.slug}`, ORIGIN)).toBe(clip!.id);
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/video/old-title-${clip!.id.slice(0, 8)}?t=3`, ORIGIN)).toBe(clip!.id);
    expect(await clipIdFromLink(handle.db, `https://elsewhere.example/video/${clip!.id}`, ORIGIN)).toBeNull();
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/creator/${clip!.id}`, ORIGIN)).toBeNull();
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/video/%E0%A4%A`, ORIGIN)).toBeNull();
    expect(await clipIdFromLink(handle.db, `${ORIGIN}/video/${randomUUID()}`, ORIGIN)).toBeNull();

    const report = await receive("report", { contentUrl: `${ORIGIN}/video/${clip!.slug}`, description: "Not consensual" });
    const [reportRow] = await handle.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.id, report.ok ? report.id : ""));
    expect(reportRow).toMatchObject({ clipId: clip!.id, description: "Not consensual", status: "open" });

    const other = await receive("report", { contentUrl: "https://elsewhere.example/x", description: "Spam" });
    const [otherRow] = await handle.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.id, other.ok ? other.id : ""));
    expect(otherRow!.clipId).toBeNull();

    const claim = await receive("claim", {
      contentUrl: `${ORIGIN}/video/${hidden!.id}`,
      email: "ava@example.com",
      phone: "+1 555 0100",
      position: "removal",
      ...CONSENT_NOTICE,
    });
    const [claimRow] = await handle.db
      .select()
      .from(contentClaims)
      .where(eq(contentClaims.id, claim.ok ? claim.id : ""));
    expect(claimRow).toMatchObject({ clipId: hidden!.id, position: "removal", phone: "+1 555 0100", basis: "consent", goodFaith: true });
  });

  it("requires a complete removal notice, starts its 48-hour clock, and keeps the sender's language", async () => {
    const base = { contentUrl: `${ORIGIN}/video/abc`, email: "ava@example.com", position: "removal" };
    expect(await receive("claim", base)).toMatchObject({
      ok: false,
      errors: { basis: "errors.basisRequired", signature: "errors.signatureRequired", goodFaith: "errors.goodFaithConsent" },
    });
    expect(await receive("claim", { ...base, basis: "consent", signature: "Ava Example", goodFaith: "on" })).toMatchObject({
      ok: false,
      errors: { details: "errors.detailsRequired" },
    });
    // A copyright notice (DMCA 512(c)(3)) also needs the work, an address, a phone and the statement under penalty of perjury.
    const copyright = { ...base, basis: "copyright", signature: "Ava Example", goodFaith: "on" };
    expect(await receive("claim", copyright)).toMatchObject({
      ok: false,
      errors: {
        copyrightWork: "errors.copyrightWorkRequired",
        address: "errors.addressRequired",
        phone: "errors.phoneRequiredCopyright",
        accuracy: "errors.accuracyRequired",
      },
    });
    const complete = await receive(
      "claim",
      { ...copyright, copyrightWork: "My film 'Dawn'", address: "1 Main St, Springfield", phone: "+1 555 0100", accuracy: "on" },
      { language: "es" },
    );
    expect(complete.ok).toBe(true);
    const [row] = await handle.db
      .select()
      .from(contentClaims)
      .where(eq(contentClaims.id, complete.ok ? complete.id : ""));
    expect(row).toMatchObject({ basis: "copyright", accuracy: true, language: "es" });
    expect(row!.deadlineAt!.getTime() - row!.createdAt.getTime()).toBe(48 * 3600_000);
    // A partnership claim may leave the notice out, and runs no clock.
    const partnership = await receive("claim", { ...base, position: "partnership" });
    const [other] = await handle.db
      .select()
      .from(contentClaims)
      .where(eq(contentClaims.id, partnership.ok ? partnership.id : ""));
    expect(other).toMatchObject({ position: "partnership", deadlineAt: null, basis: null });
  });

  it("takes an optional e-mail on reports, checked when given", async () => {
    const values = { contentUrl: "https://example.com/r", description: "Bad" };
    expect(await receive("report", { ...values, email: "not-an-address" })).toMatchObject({
      ok: false,
      errors: { email: "errors.emailInvalid" },
    });
    const sent = await receive("report", { ...values, email: "reporter@example.com" });
    const [row] = await handle.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.id, sent.ok ? sent.id : ""));
    expect(row).toMatchObject({ email: "reporter@example.com" });
    expect(row!.deadlineAt).toBeInstanceOf(Date);
  });

  it("refuses a claim without a position", async () => {
    expect(await receive("claim", { contentUrl: `${ORIGIN}/video/x`, email: "ava@example.com" })).toMatchObject({
      ok: false,
      status: 400,
      errors: { position: "errors.positionRequired" },
    });
  });

  it("limits records per form and IP", async () => {
    const clientIp = "203.0.113.7";
    const values = { name: "Ava", email: "ava@example.com", subject: "Hi", message: "Hello" };
    for (let i = 0; i < FORM_LIMIT.max; i++) expect((await receive("contact", values, { clientIp })).ok).toBe(true);
    expect(await receive("contact", values, { clientIp })).toEqual({ ok: false, status: 429 });
    // Another form, or another IP, has its own allowance.
    expect((await receive("report", { contentUrl: "https://example.com/a", description: "x" }, { clientIp })).ok).toBe(true);
    expect((await receive("contact", values, { clientIp: "203.0.113.8" })).ok).toBe(true);
  });

  it("limits records per form and IP to the server's FORM_LIMIT_PER_IP when it sets one", async () => {
    const store = { db: handle.db, secret: "test-secret" };
    const input = {
      values: { name: "Ava", email: "ava@example.com", subject: "Hi", message: "Hello" },
      clientIp: "203.0.113.9",
      userId: null,
      origin: ORIGIN,
    };
    for (let i = 0; i < FORM_LIMIT.max + 2; i++) expect((await receiveForm(store, "contact", input, FORM_LIMIT.max + 2)).ok).toBe(true);
    expect(await receiveForm(store, "contact", input, FORM_LIMIT.max + 2)).toEqual({ ok: false, status: 429 });
  });

  it("enforces the status and position values in the database", async () => {
    await expect(
      handle.db.insert(contentClaims).values({ contentUrl: "https://example.com", email: "a@example.com", position: "other" as never }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(contactMessages).values({ name: "a", email: "a@example.com", subject: "s", message: "m", status: "done" as never }),
    ).rejects.toThrow();
  });
});
