import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentSubmissions, creatorPageEdits, creators, moderationAudit, user } from "~schema";
import { grantModerator } from "~/features/moderation/moderators.server";
import * as adminItem from "~/routes/admin.item";
import * as submitRoute from "~/routes/submit";
import { routeArgs } from "../support/route-args";
import { signInModerator } from "../support/sign-in";
import { decideClaim, decidePageEdit, requestClaim, waitingPageEdits } from "~/features/creator-accounts/index.server";
import { ExpectedError } from "~/lib/http/errors";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

const MODERATOR = { userId: null, email: "desk@example.com" };
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(200, 7),
]);
const ADULT = { cookie: "age_verified=true" };

describe(`owners edit their creator page through the desk on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const quarantined = () => {
    try {
      return readdirSync(path.join(app.env.services.env.DATA_DIR, "media", "quarantine", "avatars"));
    } catch {
      return [];
    }
  };
  /** A member who runs a fresh creator's page, signed in. */
  const owner = async () => {
    const [clip] = await makeClips(handle.db, 1);
    const [creator] = await handle.db
      .update(creators)
      .set({ websiteUrl: "https://example.com/me", bio: "Old bio" })
      .where(eq(creators.id, clip!.creatorId))
      .returning();
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    const [member] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const claim = await requestClaim(handle.db, { userId: member!.id, creatorSlug: creator!.slug });
    await decideClaim(handle.db, MODERATOR, { claimId: claim.id, approve: true });
    return { creator: creator!, cookie, userId: member!.id };
  };
  const propose = (cookie: string, fields: Record<string, string>, avatar?: { bytes: Buffer; name: string; type: string }) => {
    const form = new FormData();
    form.append("intent", "page");
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (avatar) form.append("avatar", new File([new Uint8Array(avatar.bytes)], avatar.name, { type: avatar.type }));
    return fetch(`${app.url}/my-creator`, { method: "POST", headers: { cookie, origin: app.url, accept: "text/html" }, body: form });
  };
  const page = async (slug: string, language = "en") =>
    (await fetch(`${app.url}/creator/${slug}`, { headers: { ...ADULT, "accept-language": language } })).text();

  it("a proposal is public only after approval, audited, the avatar served from /media; the next request shows it", async () => {
    const { creator, cookie } = await owner();
    expect(await page(creator.slug)).toContain("Old bio");

    const sent = await propose(
      cookie,
      {
        creator: creator.slug,
        bio: "New bio, fresh from the owner",
        bioEs: "Biografía nueva",
        twitterUrl: "",
        websiteUrl: "https://example.com/me",
      },
      { bytes: PNG, name: "me.png", type: "image/png" },
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Sent. Your changes show on your page once a moderator approves them.");
    expect(quarantined()).toHaveLength(1);
    // Nothing is public yet.
    const waitingPage = await page(creator.slug);
    expect(waitingPage).toContain("Old bio");
    expect(waitingPage).not.toContain("New bio");
    expect((await handle.db.select().from(creators).where(eq(creators.id, creator.id)))[0]!.avatarKey).toBeNull();

    const { edits } = await waitingPageEdits(handle.db, null);
    const edit = edits.find((e) => e.creator.slug === creator.slug)!;
    expect(edit.avatar).toBe(true);
    expect(edit.changes.map((c) => c.field).sort()).toEqual(["bio", "bioEs"]);
    // The desk's preview of the quarantined picture is for moderators only; /media never serves quarantine.
    expect((await fetch(`${app.url}/admin/creator-edits/${edit.id}/avatar`, { headers: { cookie } })).status).toBe(404);

    const decided = await decidePageEdit(handle.db, app.env.services.storage, MODERATOR, {
      editId: edit.id,
      version: edit.version,
      approve: true,
    });
    expect(decided.changed.sort()).toEqual(["avatarKey", "bio", "bioEs"]);
    const [after] = await handle.db.select().from(creators).where(eq(creators.id, creator.id));
    expect(after).toMatchObject({ bio: "New bio, fresh from the owner", bioEs: "Biografía nueva" });
    expect(after!.avatarKey).toMatch(new RegExp(`^avatars/${creator.id}/${edit.id}\\.png$`));
    expect(quarantined()).toHaveLength(0);
    const [audit] = await handle.db
      .select()
      .from(moderationAudit)
      .where(and(eq(moderationAudit.targetId, creator.id), eq(moderationAudit.action, "creator_page_edit_approved")));
    expect(audit).toMatchObject({ actorEmail: MODERATOR.email, note: "bio, bioEs, avatarKey" });

    // The next request: bio in each language and the picture instead of the initials.
    const english = await page(creator.slug);
    expect(english).toContain("New bio, fresh from the owner");
    expect(english).toContain(`src="/media/${after!.avatarKey}"`);
    expect(english).not.toContain('data-testid="initials-avatar"');
    expect(await page(creator.slug, "es")).toContain("Biografía nueva");
    const media = await fetch(`${app.url}/media/${after!.avatarKey}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses bad input with a translated 4xx and keeps nothing, the file included", async () => {
    const { creator, cookie } = await owner();
    const base = { creator: creator.slug, bio: "Fine", bioEs: "", twitterUrl: "", websiteUrl: "" };
    const notAnImage = await propose(cookie, base, {
      bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>".repeat(4)),
      name: "me.svg",
      type: "image/svg+xml",
    });
    expect(notAnImage.status).toBe(400);
    expect(await notAnImage.text()).toContain("Choose a JPEG, PNG or WebP image.");
    const video = await propose(cookie, base, {
      bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(100)]),
      name: "a.mp4",
      type: "video/mp4",
    });
    expect(video.status).toBe(400);
    const huge = await propose(cookie, base, {
      bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      name: "big.png",
      type: "image/png",
    });
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain("Pictures can be at most 5 MB.");
    const spanish = await fetch(`${app.url}/my-creator`, {
      method: "POST",
      headers: {
        cookie,
        origin: app.url,
        accept: "text/html",
        "accept-language": "es",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "page", ...base, websiteUrl: "javascript:alert(1)" }),
    });
    expect(spanish.status).toBe(400);
    expect(await spanish.text()).toContain("Escribe una dirección web que empiece por https://");
    const long = await propose(cookie, { ...base, bio: "x".repeat(1001) }, { bytes: PNG, name: "me.png", type: "image/png" });
    expect(long.status).toBe(400);
    expect(quarantined()).toHaveLength(0);
    expect(await handle.db.select().from(creatorPageEdits).where(eq(creatorPageEdits.creatorId, creator.id))).toHaveLength(0);

    // A member who does not run the page: 404, nothing stored.
    const stranger = await signIn(app.env, `stranger-${randomUUID().slice(0, 8)}@example.com`);
    const refused = await propose(stranger, base, { bytes: PNG, name: "me.png", type: "image/png" });
    expect(refused.status).toBe(404);
    expect(quarantined()).toHaveLength(0);
    expect((await fetch(`${app.url}/my-creator`, { method: "POST", headers: { origin: app.url }, body: new FormData() })).status).toBe(401);
  });

  it("a new proposal replaces the one waiting; rejecting keeps the page and deletes the picture, audited", async () => {
    const { creator, cookie } = await owner();
    const fields = { creator: creator.slug, bio: "First try", bioEs: "", twitterUrl: "", websiteUrl: "https://example.com/me" };
    expect((await propose(cookie, fields, { bytes: PNG, name: "a.png", type: "image/png" })).status).toBe(200);
    const [first] = (await waitingPageEdits(handle.db, null)).edits.filter((e) => e.creator.slug === creator.slug);
    expect((await propose(cookie, { ...fields, bio: "Second try" }, { bytes: PNG, name: "b.png", type: "image/png" })).status).toBe(200);
    expect(quarantined()).toHaveLength(1);
    const waiting = await handle.db.select().from(creatorPageEdits).where(eq(creatorPageEdits.creatorId, creator.id));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.bio).toBe("Second try");
    // The moderator saw the first version: deciding it now is refused.
    const stale = await decidePageEdit(handle.db, app.env.services.storage, MODERATOR, {
      editId: first!.id,
      version: first!.version,
      approve: true,
    }).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(ExpectedError);
    expect((stale as ExpectedError).status).toBe(409);

    await decidePageEdit(handle.db, app.env.services.storage, MODERATOR, { editId: first!.id, approve: false });
    expect(quarantined()).toHaveLength(0);
    expect((await handle.db.select().from(creators).where(eq(creators.id, creator.id)))[0]).toMatchObject({
      bio: "Old bio",
      avatarKey: null,
    });
    expect(await page(creator.slug)).not.toContain("Second try");
    const audit = await handle.db
      .select({ action: moderationAudit.action })
      .from(moderationAudit)
      .where(eq(moderationAudit.targetId, creator.id));
    expect(audit.map((a) => a.action)).toContain("creator_page_edit_rejected");
    const again = await decidePageEdit(handle.db, app.env.services.storage, MODERATOR, { editId: first!.id, approve: true }).catch(
      (e: unknown) => e,
    );
    expect((again as ExpectedError).status).toBe(404);
  });

  it("the desk makes an image submission a creator's picture: audited, resolved, served on the next request", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const [creator] = await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId));
    await grantModerator(handle.db, "avatar-desk@example.com");
    const admin = await signInModerator(app.env, "avatar-desk@example.com");
    const form = new FormData();
    const name = `Picture Sender ${randomUUID().slice(0, 6)}`;
    Object.entries({
      creatorName: name,
      category: "Amateur",
      tags: "portrait",
      imageOrVideoLink: "https://example.com/picture",
      salesProfileLink: "https://fans.example/picture",
    }).forEach(([k, v]) => form.append(k, v));
    form.append("upload", new File([new Uint8Array(PNG)], "me.png", { type: "image/png" }));
    form.append("_js", "1");
    await submitRoute.action(routeArgs(app.env.services, "/submit", { body: form, clientIp: randomUUID() }));
    const [submission] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.creatorName, name));
    expect(submission).toMatchObject({ uploadKind: "image", status: "open" });
    const decide = async (creatorRef: string) => {
      try {
        return (await adminItem.action(
          routeArgs(app.env.services, `/admin/submissions/${submission!.id}`, {
            cookie: admin,
            params: { queue: "submissions", id: submission!.id },
            body: { intent: "avatar", creator: creatorRef },
          }),
        )) as unknown;
      } catch (thrown) {
        return thrown;
      }
    };
    // An unknown creator: a translated refusal, nothing changed.
    const refused = (await decide("nobody-by-this-name")) as {
      data: { ok: boolean; errors: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.form).toBe("There is no creator with this address.");
    expect((await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission!.id)))[0]!.status).toBe("open");

    const done = (await decide(`https://example.com/creator/${creator!.slug}`)) as Response;
    expect(done.status).toBe(302);
    const [after] = await handle.db.select().from(creators).where(eq(creators.id, creator!.id));
    expect(after!.avatarKey).toBe(`avatars/${creator!.id}/${submission!.id}.png`);
    expect((await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission!.id)))[0]).toMatchObject({
      status: "resolved",
      decisionReason: "published",
      uploadKey: null,
    });
    expect(await app.env.services.storage.exists(submission!.uploadKey!)).toBe(false);
    const [audit] = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.action, "creator_avatar_set"));
    expect(audit).toMatchObject({ targetId: creator!.id, note: `submissions/${submission!.id}` });
    expect(await page(creator!.slug)).toContain(`src="/media/${after!.avatarKey}"`);
    expect((await fetch(`${app.url}/media/${after!.avatarKey}`)).status).toBe(200);
    // The submission is no longer an image waiting: a second try is refused.
    const again = (await decide(creator!.slug)) as { init: { status: number } };
    expect(again.init.status).toBe(409);
  });
});
