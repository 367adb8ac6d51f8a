import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips, contentSubmissions, creatorPointEntries, creatorPointTotals, creators, moderationAudit } from "~schema";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker } from "~/lib/jobs/index.server";
import * as adminItem from "~/routes/admin.item";
import * as submitRoute from "~/routes/submit";
import { jobHandlers } from "../../server/jobs";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs, type RouteCall } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

const SAMPLE_MP4 = readFileSync(new URL("../../db/seed/media/clip-01.mp4", import.meta.url));
/** The first bytes of a PNG: an image, which a clip cannot be made of. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001", "hex");

type Answer = { data?: { ok: boolean; errors?: Record<string, string> }; init?: { status?: number } | null; status?: number };
const statusOf = (answer: Answer) => answer.status ?? answer.init?.status ?? 200;

describe(`publishing a link-only submission on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  const call = (p: string, init: RouteCall) => routeArgs(env.services, p, init);
  let setup: Promise<{ admin: string; categorySlug: string; creator: { id: string; name: string } }> | null = null;
  /** A moderator, a browse category and a creator of the catalogue, made once. */
  const world = () =>
    (setup ??= (async () => {
      const [clip] = await makeClips(handle.db, 1);
      const categorySlug = (await handle.db.query.categories.findFirst({ where: (c, { eq }) => eq(c.id, clip!.categoryId) }))!.slug;
      const [creator] = await handle.db
        .select({ id: creators.id, name: creators.name })
        .from(creators)
        .where(eq(creators.id, clip!.creatorId));
      await grantModerator(handle.db, "link-desk@example.com");
      return { admin: await signInModerator(env, "link-desk@example.com"), categorySlug, creator: creator! };
    })());

  /** A visitor's submission through the real form: only a link, unless a video is given. */
  async function submit(creatorName: string, video?: Buffer) {
    const form = new FormData();
    const link = `https://posts.example/${randomUUID().slice(0, 8)}`;
    Object.entries({
      creatorName,
      category: "Amateur",
      tags: "test pattern, colour bars",
      imageOrVideoLink: link,
      salesProfileLink: "https://fans.example/studio",
    }).forEach(([k, v]) => form.append(k, v));
    if (video) form.append("upload", new File([new Uint8Array(video)], "pattern.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    await submitRoute.action(call("/submit", { body: form, clientIp: randomUUID() }));
    const [row] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.imageOrVideoLink, link));
    return row!;
  }

  /** The link publish form as the desk's page sends it (multipart), as the moderator unless another cookie is given. */
  async function publishLink(id: string, fields: Record<string, string>, file?: File, cookie?: string | null, language?: "en" | "es") {
    const { admin } = await world();
    const form = new FormData();
    Object.entries({ intent: "publish-link", audiences: "hetero", ...fields }).forEach(([k, v]) => form.append(k, v));
    if (file) form.append("media", file);
    try {
      return (await adminItem.action(
        call(`/admin/submissions/${id}`, {
          cookie: cookie === null ? undefined : (cookie ?? admin),
          params: { queue: "submissions", id },
          body: form,
          language,
        }),
      )) as unknown as Answer;
    } catch (thrown) {
      return thrown as Answer;
    }
  }
  const video = () => new File([new Uint8Array(SAMPLE_MP4)], "from-the-link.mp4", { type: "video/mp4" });
  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(env.services), log: env.services.log }).drain();
  const rowOf = async (id: string) => (await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, id)))[0]!;
  const deskFiles = () => {
    const folder = path.join(env.services.env.DATA_DIR, "media", "quarantine", "desk");
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const pointsOf = async (creatorId: string) => ({
    total: Number((await handle.db.select().from(creatorPointTotals).where(eq(creatorPointTotals.creatorId, creatorId)))[0]?.points ?? 0),
    entries: (await handle.db.select().from(creatorPointEntries).where(eq(creatorPointEntries.creatorId, creatorId))).map((e) => [
      e.reason,
      e.points,
      e.submissionId,
    ]),
  });

  it("offers the publish form with a file field on a link-only submission's page", async () => {
    const { admin, creator } = await world();
    const submission = await submit(creator.name);
    const page = await adminItem.loader(
      call(`/admin/submissions/${submission.id}`, { cookie: admin, params: { queue: "submissions", id: submission.id } }),
    );
    expect(page.item.upload).toMatchObject({ file: null, link: { url: submission.imageOrVideoLink, media: null }, publishedClip: null });
    expect(page.item.upload!.categories!.length).toBeGreaterThan(0);
  });

  it("refuses a missing or non-video file, bad fields and a submission with its own upload, translated; nothing is kept", async () => {
    const { categorySlug, creator } = await world();
    const submission = await submit(creator.name);
    const fields = { title: "From the link", categorySlug };
    const missing = await publishLink(submission.id, fields, undefined, undefined, "es");
    expect([statusOf(missing), missing.data?.errors]).toEqual([400, { media: message("admin", "publish.errors.mediaMissing", "es") }]);
    const image = await publishLink(submission.id, fields, new File([new Uint8Array(PNG)], "picture.mp4", { type: "video/mp4" }));
    expect([statusOf(image), image.data?.errors]).toEqual([400, { media: message("admin", "publish.errors.mediaType") }]);
    const badTitle = await publishLink(submission.id, { ...fields, title: "x" }, video());
    expect([statusOf(badTitle), badTitle.data?.errors]).toEqual([400, { title: message("admin", "publish.errors.title") }]);
    const badCategory = await publishLink(submission.id, { ...fields, categorySlug: "no-such-category" }, video());
    expect(statusOf(badCategory)).toBe(400);
    expect(await rowOf(submission.id)).toMatchObject({ uploadKey: null, uploadKind: null, status: "open", publishedClipId: null });
    expect(deskFiles()).toEqual([]);

    // A submission whose sender uploaded a video goes through its own publish form.
    const uploaded = await submit(creator.name, SAMPLE_MP4);
    const notLink = await publishLink(uploaded.id, fields, video());
    expect([statusOf(notLink), notLink.data?.errors]).toEqual([409, { form: message("admin", "publish.errors.notLink") }]);
    expect(deskFiles()).toEqual([]);
  });

  it("is the desk's 404 to anyone but a moderator, before the file is read", async () => {
    const { categorySlug, creator } = await world();
    const submission = await submit(creator.name);
    const member = await signIn(env, `not-desk-${randomUUID()}@example.com`);
    for (const cookie of [null, member]) {
      const answer = await publishLink(submission.id, { title: "Not yours", categorySlug }, video(), cookie);
      expect(statusOf(answer)).toBe(404);
    }
    expect(deskFiles()).toEqual([]);
  });

  it("publishes the moderator's video as a clip whose Full Content is the link, audited, earning the link's 2 points once", async () => {
    const { categorySlug, creator } = await world();
    const before = await pointsOf(creator.id);
    const submission = await submit(creator.name);
    const answer = await publishLink(submission.id, { title: "Colour bars from a link", categorySlug }, video());
    expect(statusOf(answer)).toBe(302);
    const waiting = await rowOf(submission.id);
    // The video waits in quarantine as the submission's file; the sender's upload kind stays empty.
    expect(waiting).toMatchObject({ uploadKind: null, uploadType: "video/mp4", uploadName: "from-the-link.mp4", status: "open" });
    expect(waiting.uploadKey).toMatch(/^quarantine\/desk\/[0-9a-f-]{36}\.mp4$/);
    expect(await runJobs()).toBeGreaterThanOrEqual(1);

    const after = await rowOf(submission.id);
    expect(after).toMatchObject({ status: "resolved", decisionReason: "published", uploadKey: null });
    expect(await env.services.storage.exists(waiting.uploadKey!)).toBe(false);
    const [clip] = await handle.db.select().from(clips).where(eq(clips.id, after.publishedClipId!));
    expect(clip).toMatchObject({
      title: "Colour bars from a link",
      status: "published",
      creatorId: creator.id,
      sourceUrl: submission.imageOrVideoLink,
      audiences: ["hetero"],
    });
    const audit = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, submission.id));
    expect(audit.map((a) => [a.action, a.note])).toEqual([["published", `/video/${clip!.slug}`]]);
    expect(await pointsOf(creator.id)).toEqual({
      total: before.total + 2,
      entries: [...before.entries, ["link", 2, submission.id]],
    });

    // Published: no second publish, and the page links the clip.
    const again = await publishLink(submission.id, { title: "Again", categorySlug }, video());
    expect(statusOf(again)).toBe(409);
    expect(deskFiles()).toEqual([]);
  });

  it("a link resolved (and paid) before is published later without earning again", async () => {
    const { admin, categorySlug, creator } = await world();
    const submission = await submit(creator.name);
    const resolved = (await adminItem
      .action(
        call(`/admin/submissions/${submission.id}`, {
          cookie: admin,
          params: { queue: "submissions", id: submission.id },
          body: { intent: "resolve", reason: "published", note: "" },
        }),
      )
      .catch((thrown: unknown) => thrown)) as Answer;
    expect(statusOf(resolved)).toBe(302);
    const paid = await pointsOf(creator.id);
    expect(paid.entries).toContainEqual(["link", 2, submission.id]);

    expect(statusOf(await publishLink(submission.id, { title: "Published after approval", categorySlug }, video()))).toBe(302);
    await runJobs();
    expect((await rowOf(submission.id)).publishedClipId).not.toBeNull();
    expect(await pointsOf(creator.id)).toEqual(paid);
  });
});
