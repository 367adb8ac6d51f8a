import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creators, moderationAudit } from "~schema";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminCreators from "~/routes/admin.creators";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { signInModerator } from "../support/sign-in";

type Reply = { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number } | null };
const replyOf = (value: unknown) => ({ status: (value as Reply).init?.status ?? 200, ...(value as Reply).data });

/** A creator's address changes on the desk; every old address redirects permanently to the current one. */
describe(`renaming a creator's slug on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const page = (slug: string, search = "") =>
    fetch(`${app.url}/creator/${slug}${search}`, { headers: { cookie: "age_verified=true" }, redirect: "manual" });
  const newCreator = async () => {
    const [clip] = await makeClips(handle.db, 1);
    return (await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId)))[0]!;
  };

  it("redirects every old address to the current one, lets a live slug win, refuses a taken or malformed one", async () => {
    const email = `slug-desk-${randomUUID()}@example.com`;
    await grantModerator(handle.db, email);
    const cookie = await signInModerator(app.env, email);
    const save = async (creator: typeof creators.$inferSelect, slug: string) =>
      replyOf(
        await adminCreators.action(
          routeArgs(app.env.services, "/admin/creators", { cookie, body: { creatorId: creator.id, name: creator.name, slug } }),
        ),
      );
    const first = await newCreator();
    const second = await newCreator();
    const original = first.slug;

    expect(await save(first, `${original}-studio`)).toMatchObject({ ok: true });
    let old = await page(original, "?sort=popular");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/creator/${original}-studio?sort=popular`);
    expect((await page(`${original}-studio`)).status).toBe(200);

    // A second rename: both old addresses go straight to the newest.
    expect(await save(first, `${original}-films`)).toMatchObject({ ok: true });
    for (const slug of [original, `${original}-studio`]) {
      old = await page(slug);
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe(`/creator/${original}-films`);
    }

    // Another creator's live address is refused; an old address may be taken, and then it is that creator's page.
    expect(await save(second, `${original}-films`)).toMatchObject({
      ok: false,
      status: 409,
      errors: { slug: message("admin", "edit.errors.slugTaken", "en") },
    });
    expect(await save(second, "Not a slug!")).toMatchObject({
      ok: false,
      status: 400,
      errors: { slug: message("admin", "edit.errors.slug", "en") },
    });
    expect(await save(second, original)).toMatchObject({ ok: true });
    const taken = await page(original);
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(second.name);
    expect((await page(second.slug)).headers.get("location")).toBe(`/creator/${original}`);

    const notes = (await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, first.id))).map((row) => row.note);
    expect(notes).toEqual(["slug", "slug"]);
  });
});
