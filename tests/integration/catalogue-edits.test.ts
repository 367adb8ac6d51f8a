import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogueCounts, categories, clips, creators, moderationAudit } from "~schema";
import { findClip } from "~/features/clips/clip-page.server";
import { creatorStats, loadCreatorPage } from "~/features/creators/creators.server";
import { grantModerator } from "~/features/moderation/moderators.server";
import { parseClipRef } from "~/features/clips/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminClips from "~/routes/admin.clips";
import * as adminCreators from "~/routes/admin.creators";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

type Reply = { type: string; data: { ok: boolean; errors?: Record<string, string>; changed?: number }; init: { status?: number } | null };
const replyOf = (value: unknown) => {
  const reply = value as Reply;
  return { status: reply.init?.status ?? 200, ...reply.data };
};

describe(`the desk edits the catalogue on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  async function moderatorCookie() {
    const email = `desk-edit-${randomUUID()}@example.com`;
    await grantModerator(handle.db, email);
    return signInModerator(env, email);
  }
  const audits = async (targetId: string) =>
    (await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, targetId))).map((row) => [row.action, row.note]);

  it("edits a clip's title, descriptions, audiences and creator; the next read shows it, counters follow, one audit row says what changed", async () => {
    const cookie = await moderatorCookie();
    const [clip] = await makeClips(handle.db, 1);
    const [other] = await makeClips(handle.db, 1);
    const [from] = await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId));
    const [to] = await handle.db.select().from(creators).where(eq(creators.id, other!.creatorId));
    const body = {
      intent: "edit-clip",
      clipId: clip!.id,
      title: "  A renamed clip  ",
      description: "New words",
      descriptionEs: "Palabras nuevas",
      category: "",
      creator: to!.slug,
      "audience-hetero": "on",
      "audience-trans": "on",
    };
    // The category is required: refused with its field's message and nothing written.
    const refused = replyOf(await adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body })));
    expect(refused).toMatchObject({ status: 400, ok: false, errors: { category: message("admin", "edit.errors.category", "en") } });
    expect((await handle.db.select({ title: clips.title }).from(clips).where(eq(clips.id, clip!.id)))[0]!.title).toBe("Test clip 0");

    const catSlug = (await loadCategorySlug(clip!.categoryId))!;
    const saved = replyOf(
      await adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body: { ...body, category: catSlug } })),
    );
    expect(saved).toMatchObject({ status: 200, ok: true, changed: 5 });

    const row = await findClip(handle.db, parseClipRef(clip!.id)!);
    expect(row).toMatchObject({
      title: "A renamed clip",
      description: "New words",
      descriptionEs: "Palabras nuevas",
      creatorSlug: to!.slug,
    });
    expect(row!.slug).toBe(`a-renamed-clip-${catSlug}-${clip!.id.slice(0, 8)}`);
    const [after] = await handle.db.select({ audiences: clips.audiences }).from(clips).where(eq(clips.id, clip!.id));
    expect(after!.audiences).toEqual(["hetero", "trans"]);
    // The creators' counters moved with the clip.
    expect((await creatorStats(handle.db, from!.id, "hetero")).videos).toBe(0);
    expect((await creatorStats(handle.db, to!.id, "hetero")).videos).toBe(2);
    expect((await creatorStats(handle.db, to!.id, "trans")).videos).toBe(1);
    const counted = await handle.db.select().from(catalogueCounts).where(eq(catalogueCounts.creatorId, to!.id));
    expect(counted.length).toBeGreaterThan(0);
    expect(await audits(clip!.id)).toEqual([["clip_edited", "title, description, descriptionEs, creatorId, audiences"]]);

    // Saving the same values again changes nothing and writes no audit row.
    expect(
      replyOf(await adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body: { ...body, category: catSlug } }))),
    ).toMatchObject({
      ok: true,
      changed: 0,
    });
    expect((await audits(clip!.id)).length).toBe(1);
  });

  it("refuses no audience, an unknown creator and a too-long title, each with its translated message, in Spanish too", async () => {
    const cookie = await moderatorCookie();
    const [clip] = await makeClips(handle.db, 1);
    const catSlug = (await loadCategorySlug(clip!.categoryId))!;
    const base = {
      intent: "edit-clip",
      clipId: clip!.id,
      title: "T",
      category: catSlug,
      creator: "nobody-by-this-name",
      "audience-gay": "on",
    };
    const call = (body: Record<string, string>, language: "en" | "es" = "en") =>
      adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body, language })).then(replyOf);
    expect(await call(base)).toMatchObject({ status: 400, errors: { creator: message("admin", "edit.errors.creator", "en") } });
    const noAudience = Object.fromEntries(Object.entries(base).filter(([key]) => key !== "audience-gay"));
    expect(await call(noAudience, "es")).toMatchObject({
      status: 400,
      errors: { audiences: message("admin", "edit.errors.audiences", "es") },
    });
    expect(await call({ ...base, title: "x".repeat(201) })).toMatchObject({
      status: 400,
      errors: { title: message("admin", "edit.errors.title", "en") },
    });
    expect(await call({ ...base, clipId: randomUUID(), creator: (await creatorSlugOf(clip!.creatorId))! })).toMatchObject({
      status: 404,
      errors: { form: message("admin", "edit.errors.clipNotFound", "en") },
    });
    expect(await audits(clip!.id)).toEqual([]);
  });

  it("edits a creator's name, bios and links; the creator page shows them on the next request; bad links are refused", async () => {
    const cookie = await moderatorCookie();
    const [clip] = await makeClips(handle.db, 1);
    const slug = (await creatorSlugOf(clip!.creatorId))!;
    const found = (await adminCreators.loader(
      routeArgs(env.services, `/admin/creators?q=${encodeURIComponent(`https://x.test/creator/${slug}`)}`, { cookie }),
    ))!;
    expect(found.creator).toMatchObject({ slug });
    const body = {
      creatorId: found.creator!.id,
      name: "Renamed Creator",
      bio: "An English bio",
      bioEs: "Una biografía",
      twitterUrl: "https://x.com/renamed",
      websiteUrl: "javascript:alert(1)",
    };
    const refused = replyOf(await adminCreators.action(routeArgs(env.services, "/admin/creators", { cookie, body })));
    expect(refused).toMatchObject({ status: 400, errors: { websiteUrl: message("admin", "edit.errors.url", "en") } });
    const saved = replyOf(
      await adminCreators.action(routeArgs(env.services, "/admin/creators", { cookie, body: { ...body, websiteUrl: "" } })),
    );
    expect(saved).toMatchObject({ ok: true, changed: 4 });
    const page = { audience: "hetero" as const, page: 1, mediaAllowed: true };
    expect((await loadCreatorPage(handle.db, { ...page, slug, language: "en" }))!.creator).toMatchObject({
      name: "Renamed Creator",
      bio: "An English bio",
      twitterUrl: "https://x.com/renamed",
    });
    expect((await loadCreatorPage(handle.db, { ...page, slug, language: "es" }))!.creator.bio).toBe("Una biografía");
    expect(await audits(found.creator!.id)).toEqual([["creator_edited", "name, bio, bioEs, twitterProfileUrl"]]);
  });

  it("is the 404 page to anyone but a moderator, before the body is read", async () => {
    const member = await signIn(env, `not-desk-${randomUUID()}@example.com`);
    for (const cookie of [undefined, member]) {
      const status = await adminCreators
        .action(routeArgs(env.services, "/admin/creators", { cookie, body: { creatorId: randomUUID(), name: "x" } }))
        .then(() => 200)
        .catch((thrown: { init?: { status?: number }; status?: number }) => thrown.init?.status ?? thrown.status);
      expect(status).toBe(404);
    }
  });

  async function loadCategorySlug(categoryId: string) {
    return (await handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId)))[0]?.slug;
  }
  async function creatorSlugOf(creatorId: string) {
    return (await handle.db.select({ slug: creators.slug }).from(creators).where(eq(creators.id, creatorId)))[0]?.slug;
  }
});
