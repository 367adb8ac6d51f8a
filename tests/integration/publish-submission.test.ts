import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSites, clips, clipTags, contentSubmissions, creators, fingerprintedClips, jobs, moderationAudit, tags } from "~schema";
import { createWorker } from "~/lib/jobs/index.server";
import { jobHandlers } from "../../server/jobs";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminItem from "~/routes/admin.item";
import * as adminUpload from "~/routes/admin.upload";
import * as submitRoute from "~/routes/submit";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";
import { messages } from "../support/messages";
import { routeArgs, type RouteCall } from "../support/route-args";
import { createTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

const SAMPLE_MP4 = readFileSync(new URL("../../db/seed/media/clip-01.mp4", import.meta.url));

/** An action's data() answer, or a thrown Response (a redirect) seen through the same fields. */
type Answer = { data?: { ok: boolean; errors?: Record<string, string> }; init?: { status?: number } | null; status?: number };

describe(`publishing an uploaded submission on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  let admin: string;
  let member: string;
  let categorySlug: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle);
    const [clip] = await makeClips(handle.db, 1);
    categorySlug = (await handle.db.query.categories.findFirst({ where: (c, { eq }) => eq(c.id, clip!.categoryId) }))!.slug;
    await grantModerator(handle.db, "moderator@example.com");
    admin = await signInModerator(env, "moderator@example.com");
    member = await signIn(env, "member@example.com");
  });
  afterAll(() => handle?.close());

  const call = (path: string, init: RouteCall) => routeArgs(env.services, path, init);

  /** A visitor's submission with the sample MP4, through the real form action. */
  async function submitWithVideo(creatorName: string) {
    const form = new FormData();
    Object.entries({
      creatorName,
      category: "Amateur",
      tags: "Colour Bars, test pattern, colour bars",
      imageOrVideoLink: "https://example.com/original",
      salesProfileLink: `https://fans.example/${randomUUID().slice(0, 6)}`,
    }).forEach(([k, v]) => form.append(k, v));
    form.append("upload", new File([SAMPLE_MP4], "pattern.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    const answer = (await submitRoute.action(call("/submit", { body: form, clientIp: randomUUID() }))) as unknown as Answer;
    expect(answer.data?.ok).toBe(true);
    const [row] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.creatorName, creatorName));
    return row!;
  }

  /** As the moderator unless another cookie (or null, a visitor) is given. */
  const publish = async (id: string, fields: Record<string, string>, cookie: string | null = admin) => {
    try {
      return (await adminItem.action(
        call(`/admin/submissions/${id}`, {
          cookie: cookie ?? undefined,
          params: { queue: "submissions", id },
          body: { intent: "publish", audiences: "gay", ...fields },
        }),
      )) as unknown as Answer;
    } catch (thrown) {
      return thrown as Answer;
    }
  };

  /** Runs the queued jobs (publishing, then its e-mail) as the server's worker would. */
  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(env.services), log: env.services.log }).drain();
  const lastJob = async (id: string) => {
    const rows = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.subject, `submissions:${id}`));
    return rows.filter((j) => j.kind === "publish-submission").sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
  };
  const queued = (answer: Answer) => answer.status === 302;

  const preview = async (id: string, cookie: string | undefined, range?: string) => {
    const args = call(`/admin/submissions/${id}/upload`, { cookie, params: { id } }) as { request: Request };
    if (range) args.request.headers.set("range", range);
    try {
      return (await adminUpload.loader(args as never)) as Response;
    } catch (thrown) {
      return thrown as Answer;
    }
  };

  it("shows the quarantined file to moderators only, with byte ranges", async () => {
    const submission = await submitWithVideo("Preview Studio");
    for (const cookie of [null, member]) {
      expect(((await preview(submission.id, cookie ?? undefined)) as Answer).init?.status).toBe(404);
      expect((await publish(submission.id, { title: "Nope", categorySlug }, cookie)).init?.status).toBe(404);
    }
    const whole = (await preview(submission.id, admin)) as Response;
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await whole.arrayBuffer()).equals(SAMPLE_MP4)).toBe(true);
    const part = (await preview(submission.id, admin, "bytes=0-99")) as Response;
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${SAMPLE_MP4.length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect(((await preview(randomUUID(), admin)) as Answer).init?.status).toBe(404);
  });

  it("refuses a bad publish form with translated keys and changes nothing", async () => {
    const submission = await submitWithVideo("Careful Studio");
    expect((await publish(submission.id, { title: "x", categorySlug: "" })).data?.errors).toEqual(
      messages("admin", { title: "publish.errors.title", categorySlug: "publish.errors.category" }),
    );
    expect((await publish(submission.id, { title: "Fine title", categorySlug, startSeconds: "4", endSeconds: "2" })).data?.errors).toEqual(
      messages("admin", { endSeconds: "publish.errors.cut" }),
    );
    const unknown = await publish(submission.id, { title: "Fine title", categorySlug: "no-such-category" });
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data?.errors).toEqual(messages("admin", { categorySlug: "publish.errors.unknown-category" }));
    expect((await publish(submission.id, { title: "Fine title", categorySlug, audiences: "" })).data?.errors).toEqual(
      messages("admin", { audiences: "publish.errors.audiences" }),
    );
    expect((await publish(submission.id, { title: "Fine title", categorySlug, audiences: "everyone" })).data?.errors).toEqual(
      messages("admin", { audiences: "publish.errors.audiences" }),
    );
    // A cut past the end of the video shows once ffmpeg has looked at it: the job fails for good, the file stays.
    expect(queued(await publish(submission.id, { title: "Fine title", categorySlug, startSeconds: "1", endSeconds: "999" }))).toBe(true);
    await runJobs();
    expect(await lastJob(submission.id)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: expect.stringMatching(/^publish\.errors\.bad-cut: /),
    });
    const [after] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission.id));
    expect(after).toMatchObject({ status: "open", publishedClipId: null, uploadKey: submission.uploadKey });
    expect(await env.services.storage.exists(submission.uploadKey!)).toBe(true);
  });

  it("does not publish a rejected submission, and deletes its file", async () => {
    const submission = await submitWithVideo("Rejected Studio");
    expect(
      (await adminItem
        .action(
          call(`/admin/submissions/${submission.id}`, {
            cookie: admin,
            params: { queue: "submissions", id: submission.id },
            body: { intent: "reject", reason: "not_eligible" },
          }),
        )
        .catch((thrown: unknown) => thrown)) as Response,
    ).toMatchObject({ status: 302 });
    const late = await publish(submission.id, { title: "Too late", categorySlug });
    expect(late.init?.status).toBe(409);
    expect(late.data?.errors).toEqual(messages("admin", { form: "publish.errors.notPublishable" }));
    // Its file is gone from quarantine, and the row no longer points at it.
    expect(await env.services.storage.exists(submission.uploadKey!)).toBe(false);
    const [after] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission.id));
    expect(after).toMatchObject({ status: "rejected", uploadKey: null, uploadName: "pattern.mp4" });
    const page = await adminItem.loader(
      call(`/admin/submissions/${submission.id}`, { cookie: admin, params: { queue: "submissions", id: submission.id } }),
    );
    expect(page.item.upload?.categories).toBeNull();
  });

  it("names ffmpeg when it is missing", async () => {
    const submission = await submitWithVideo("No Tools Studio");
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    try {
      expect(queued(await publish(submission.id, { title: "Without tools", categorySlug }))).toBe(true);
      await runJobs();
      expect(await lastJob(submission.id)).toMatchObject({
        state: "failed",
        lastError: expect.stringMatching(/^publish\.errors\.ffmpeg-missing: ffmpeg was not found/),
      });
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
    expect(await env.services.storage.exists(submission.uploadKey!)).toBe(true);
  });

  it("publishes the cut video as a clip with its creator, tags and channel, then closes the submission", async () => {
    const submission = await submitWithVideo("Published Studio");
    // The moderator's request only queues the work; the worker publishes.
    expect(queued(await publish(submission.id, { title: "Colour bars at dusk", categorySlug, startSeconds: "1", endSeconds: "4" }))).toBe(
      true,
    );
    const [pending] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission.id));
    expect(pending).toMatchObject({ status: "open", publishedClipId: null });
    expect(await runJobs()).toBeGreaterThanOrEqual(2);
    expect(await lastJob(submission.id)).toMatchObject({ state: "done", attempts: 1 });

    const [after] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, submission.id));
    expect(after).toMatchObject({ status: "resolved", uploadKey: null });
    expect(await env.services.storage.exists(submission.uploadKey!)).toBe(false);

    const [clip] = await handle.db.select().from(clips).where(eq(clips.id, after!.publishedClipId!));
    // Only where the moderator put it.
    expect(clip).toMatchObject({
      title: "Colour bars at dusk",
      status: "published",
      sourceUrl: submission.salesProfileLink,
      audiences: ["gay"],
    });
    expect(clip!.durationSeconds).toBeGreaterThan(2.5);
    expect(clip!.durationSeconds).toBeLessThan(3.5);
    expect(clip!.slug).toMatch(new RegExp(`^colour-bars-at-dusk-${categorySlug}-[0-9a-f]{8}$`));
    const video = await env.services.storage.head(clip!.videoKey);
    expect(video?.size).toBe(clip!.fileSizeBytes);
    for (const key of [clip!.thumbnail1Key, clip!.thumbnail2Key, clip!.thumbnail3Key])
      expect(await env.services.storage.exists(key!)).toBe(true);

    const [creator] = await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId));
    expect(creator).toMatchObject({ name: "Published Studio", slug: "published-studio" });
    const tagRows = await handle.db
      .select({ slug: tags.slug })
      .from(clipTags)
      .innerJoin(tags, eq(tags.id, clipTags.tagId))
      .where(eq(clipTags.clipId, clip!.id))
      .orderBy(clipTags.position);
    expect(tagRows.map((t) => t.slug)).toEqual(["colour-bars", "test-pattern"]);
    const [channel] = await handle.db.select().from(channelSites).where(eq(channelSites.id, clip!.channelSiteId!));
    expect(channel).toBeDefined();

    const audit = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, submission.id));
    expect(audit.map((a) => [a.action, a.note, a.actorEmail])).toEqual([["published", `/video/${clip!.slug}`, "moderator@example.com"]]);
    // Its frames joined the catalogue's fingerprints; the submitter has no address, so no e-mail went out.
    expect((await handle.db.select().from(fingerprintedClips).where(eq(fingerprintedClips.clipId, clip!.id)))[0]?.frames).toBeGreaterThan(
      1,
    );
    expect(after).toMatchObject({ decisionReason: "published" });

    // The item page now links the clip and offers no second publish.
    const page = await adminItem.loader(
      call(`/admin/submissions/${submission.id}`, { cookie: admin, params: { queue: "submissions", id: submission.id } }),
    );
    expect(page.item.upload).toMatchObject({
      publishedClip: { slug: clip!.slug, title: clip!.title },
      categories: null,
      file: { previewUrl: null },
    });
    expect((await publish(submission.id, { title: "Again", categorySlug })).data?.errors).toEqual(
      messages("admin", { form: "publish.errors.notPublishable" }),
    );
  });
});
