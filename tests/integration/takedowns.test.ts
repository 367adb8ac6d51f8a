import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, contentReports, moderationAudit, takedownBlocks, takedownMatches } from "~schema";
import { copiesPage } from "~/features/takedowns/index.server";
import {
  BlockedCopyError,
  CLIP_FPS,
  findBlockedMatch,
  hashVideoFrames,
  MATCH_DISTANCE,
  scheduleBackfill,
  takedownJobs,
  takedownScreen,
} from "~/features/takedowns/index.server";
import { decideCopy, hideItemClips, showItemClip } from "~/features/moderation/takedown-actions.server";
import { locateFfmpeg } from "~/features/publishing/index.server";
import { backfillFingerprints } from "~/features/takedowns/catalogue.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker } from "~/lib/jobs/index.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";

const ffmpegAvailable = await locateFfmpeg().then(
  () => true,
  () => false,
);
if (!ffmpegAvailable && process.env.CI) throw new Error("ffmpeg is required for the takedown tests in CI");

const MEDIA = "db/seed/media";
/** The demo clip taken down (a slowly zooming fractal), and one that is something else entirely (colour bars). */
const TAKEN_DOWN = `${MEDIA}/clip-03.mp4`;
const DIFFERENT = `${MEDIA}/clip-02.mp4`;

/** Copies someone might upload again, made with ffmpeg as a re-uploader would. */
const VARIANTS: Record<string, { before?: string[]; args: string[] }> = {
  "another bitrate": { args: ["-c:v", "libx264", "-b:v", "60k", "-an"] },
  resized: { args: ["-vf", "scale=180:320", "-c:v", "libx264", "-an"] },
  "trimmed by a second": { before: ["-ss", "1"], args: ["-c:v", "libx264", "-an"] },
  "with a logo": {
    args: ["-vf", "drawbox=x=iw-130:y=20:w=110:h=50:color=white@0.8:t=fill,drawbox=x=iw-120:y=30:w=90:h=30:color=red@0.9:t=fill", "-an"],
  },
};

describe.skipIf(!ffmpegAvailable)(`takedowns that stay down on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  const work = mkdtempSync(path.join(tmpdir(), "takedowns-"));
  const files: Record<string, string> = {};
  const actor = { userId: null, email: "mod@example.com" };
  const runJobs = () => createWorker({ db: handle.db, handlers: takedownJobs(env.services), log: env.services.log }).drain();

  /** A published clip whose video is `file`, stored where the server keeps media. */
  async function clipOf(file: string, title: string) {
    const key = `clips/${path.basename(file, ".mp4")}-${Math.random().toString(36).slice(2, 8)}.mp4`;
    await env.services.storage.put(key, readFileSync(file));
    const [clip] = await makeClips(handle.db, 1, { title, videoKey: key });
    return clip!;
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle);
    for (const [name, { before = [], args }] of Object.entries(VARIANTS)) {
      files[name] = path.join(work, `${name.replaceAll(" ", "-")}.mp4`);
      execFileSync("ffmpeg", ["-v", "error", "-y", ...before, "-i", TAKEN_DOWN, ...args, files[name]!]);
    }
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    "hides a reported clip, blocks its fingerprints, finds its copies in the catalogue, and refuses re-uploads",
    { timeout: 240_000 },
    async () => {
      const original = await clipOf(TAKEN_DOWN, "Fractal dawn");
      const copy = await clipOf(files.resized!, "Fractal dawn (reposted)");
      const other = await clipOf(DIFFERENT, "Colour bars");
      // The catalogue's fingerprints come from the backfill job the server schedules at boot.
      await scheduleBackfill(handle.db);
      await runJobs();

      const [report] = await handle.db
        .insert(contentReports)
        .values({ contentUrl: `http://localhost:3000/video/${original.slug}`, description: "Posted without consent", clipId: original.id })
        .returning();
      expect(await hideItemClips(handle.db, actor, "reports", [report!.id])).toEqual({ hidden: [report!.id], skipped: [] });
      const [block] = await handle.db.select().from(takedownBlocks).where(eq(takedownBlocks.clipId, original.id));
      expect(block).toMatchObject({ state: "pending", reason: "report", itemQueue: "reports", itemId: report!.id, createdBy: actor.email });
      // The block job hashes the clip twice a second, then the scan job looks through the catalogue.
      await runJobs();
      const [active] = await handle.db.select().from(takedownBlocks).where(eq(takedownBlocks.id, block!.id));
      expect(active!.state).toBe("active");
      expect(active!.frames).toBeGreaterThan(2 * 5);

      const matches = await handle.db.select().from(takedownMatches).where(eq(takedownMatches.blockId, block!.id));
      expect(matches.map((m) => m.clipId)).toEqual([copy.id]);
      expect(matches[0]!.distance).toBeLessThanOrEqual(MATCH_DISTANCE);
      const review = await copiesPage(handle.db, "open", 1);
      expect(review.items.find((m) => m.clipId === copy.id)).toMatchObject({
        blockedTitle: "Fractal dawn",
        itemQueue: "reports",
        itemId: report!.id,
      });
      expect(review.items.some((m) => m.clipId === other.id)).toBe(false);
      // The moderator hides the copy from the review queue (audited on the clip).
      await decideCopy(handle.db, actor, matches[0]!.id, "hide");
      expect((await handle.db.select({ status: clips.status }).from(clips).where(eq(clips.id, copy.id)))[0]!.status).toBe("hidden");

      // Every re-upload variant is caught by the block list; a different demo clip is not.
      const distances: Record<string, number> = {};
      for (const [name, file] of Object.entries(files)) {
        const { hashes } = await hashVideoFrames(file, CLIP_FPS);
        const match = await findBlockedMatch(handle.db, hashes);
        expect(match, name).toMatchObject({ blockId: block!.id, clipId: original.id, clipTitle: "Fractal dawn", reason: "report" });
        distances[name] = match!.distance;
      }
      console.log("takedown matcher distances (of 64 bits):", JSON.stringify(distances));
      expect(await findBlockedMatch(handle.db, (await hashVideoFrames(DIFFERENT, CLIP_FPS)).hashes)).toBeNull();

      // Publishing (a submission or `npm run clips -- import`) refuses the copy, unless overridden.
      const screen = takedownScreen(handle.db);
      const refused = await screen.check(files["with a logo"]!).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BlockedCopyError);
      expect((refused as BlockedCopyError).message).toMatch(/matches the blocked clip "Fractal dawn" \(report; distance \d+ of 64 bits/);
      expect((await takedownScreen(handle.db, { override: true }).check(files["with a logo"]!)).overridden).toMatchObject({
        blockId: block!.id,
      });
      expect((await screen.check(DIFFERENT)).overridden).toBeNull();

      // Showing the clip again lifts its block: its copies may be published again.
      await showItemClip(handle.db, actor, "reports", report!.id);
      expect(await findBlockedMatch(handle.db, (await hashVideoFrames(files.resized!, CLIP_FPS)).hashes)).toBeNull();
      const trail = await handle.db.select({ action: moderationAudit.action, target: moderationAudit.targetId }).from(moderationAudit);
      expect(trail).toEqual(
        expect.arrayContaining([
          { action: "clip_hidden", target: original.id },
          { action: "clip_blocked", target: original.id },
          { action: "clip_hidden", target: copy.id },
          { action: "clip_shown", target: original.id },
          { action: "block_lifted", target: original.id },
        ]),
      );
    },
  );

  it("looks frames up through the band indexes, not by reading the block list", async () => {
    // With sequential scans discouraged, the planner can answer the candidate query from the four band indexes alone.
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select block_id, count(*) from takedown_block_frames where band0 = any('{1,2,3}'::int[]) or band1 = any('{4}'::int[]) or band2 = any('{5}'::int[]) or band3 = any('{6}'::int[]) group by block_id`,
      );
    });
    const text = JSON.stringify(plan);
    for (const band of [0, 1, 2, 3]) expect(text).toContain(`takedown_block_frames_band${band}_idx`);
  });
  it("ends a backfill between clips when the server stops; the backfill run again carries on with the rest", async () => {
    await clipOf(DIFFERENT, "Stopped backfill, one");
    await clipOf(DIFFERENT, "Stopped backfill, two");
    const missing = async () =>
      (
        await handle.db
          .select({ id: clips.id })
          .from(clips)
          .where(sql`${clips.status} = 'published' and not exists (select 1 from fingerprinted_clips f where f.clip_id = ${clips.id})`)
      ).length;
    const before = await missing();
    expect(before).toBeGreaterThanOrEqual(2);
    const stop = new AbortController();
    let hashed = 0;
    const hashThenStop = async () => {
      hashed++;
      stop.abort(new Error("the server is stopping"));
      return { hashes: [1n, 2n, 3n], frames: 3 };
    };
    await expect(backfillFingerprints(env.services, null, hashThenStop, stop.signal)).rejects.toThrow("the server is stopping");
    expect(hashed).toBe(1);
    expect(await missing()).toBe(before - 1);
    await backfillFingerprints(env.services, null, async () => ({ hashes: [4n, 5n, 6n], frames: 3 }));
    expect(await missing()).toBe(0);
  });
});
