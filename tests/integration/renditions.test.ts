import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, clips } from "~schema";
import { locateFfmpeg, publishClip, renditionJobs, startRenditionsBackfill } from "~/features/publishing/index.server";
import { CLI_ACTOR } from "~/features/moderation/audit.server";
import { isWithheldMedia, setClipHidden } from "~/features/moderation/clips-visibility.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker } from "~/lib/jobs/index.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

const ffmpegAvailable = await locateFfmpeg().then(
  () => true,
  () => false,
);
if (!ffmpegAvailable && process.env.CI) throw new Error("ffmpeg is required for the renditions tests in CI");

describe.skipIf(!ffmpegAvailable)(`renditions on ${testEngine()}`, { timeout: 240_000 }, () => {
  let handle: DatabaseHandle;
  const work = mkdtempSync(path.join(tmpdir(), "renditions-test-"));
  const storage = createLocalStorage(path.join(work, "media"));
  const source = path.join(work, "landscape.mp4");
  const log = createLogger("silent");
  let clipId: string;
  let folder: string;

  const runJobs = () => createWorker({ db: handle.db, handlers: renditionJobs({ db: handle.db, storage }), log }).drain();

  async function stored(key: string): Promise<Buffer> {
    const object = await storage.get(key);
    if (!object) throw new Error(`${key} is not stored`);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function probe(bytes: Buffer, args: string[]) {
    const file = path.join(work, `probe-${Math.random().toString(36).slice(2)}.mp4`);
    writeFileSync(file, bytes);
    return execFileSync("ffprobe", ["-v", "error", ...args, file], { encoding: "utf8" });
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(categories).values({ slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#14b8a6" });
    // 5 s of 1280×720 with sound: rungs 240p, 360p and 540p below it, the published file is the 720p top rung.
    const lavfi = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"];
    execFileSync("ffmpeg", [
      ...lavfi,
      "-i",
      "testsrc2=size=1280x720:rate=24:duration=5",
      ...["-f", "lavfi", "-i", "sine=frequency=330:duration=5"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", source],
    ]);
    const published = await publishClip(
      { db: handle.db, storage },
      { videoPath: source, title: "Test card", creatorName: "Ana Test", categorySlug: "feet", tags: [] },
    );
    clipId = published.clipId;
    folder = `clips/${clipId}`;
  });

  afterAll(async () => {
    await handle?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("publishing queues the renditions; the job makes 240p, 360p and 540p under the 720p source, with a storyboard", async () => {
    const [before] = await handle.db.select({ renditions: clips.renditions }).from(clips).where(eq(clips.id, clipId));
    expect(before!.renditions).toEqual([]);
    expect(await runJobs()).toBe(1);

    const [row] = await handle.db
      .select({ renditions: clips.renditions, storyboard: clips.storyboard })
      .from(clips)
      .where(eq(clips.id, clipId));
    expect(row!.renditions.map((r) => [r.width, r.height, r.source ?? false])).toEqual([
      [426, 240, false],
      [640, 360, false],
      [960, 540, false],
      [1280, 720, true],
    ]);
    const bytes = row!.renditions.map((r) => r.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));

    for (const name of ["240p", "360p", "540p"]) {
      const bytes = await stored(`${folder}/${name}.mp4`);
      // faststart: the index comes before the media data.
      expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
      const streams = probe(bytes, ["-show_entries", "stream=codec_name", "-of", "csv=p=0"]).trim().split("\n");
      expect(streams).toEqual(["h264", "aac"]);
      // A keyframe every 2 seconds: at 0, 2 and 4 s of the 5 s clip.
      const keyframes = probe(bytes, ["-select_streams", "v", "-skip_frame", "nokey", "-show_entries", "frame=pts_time", "-of", "csv=p=0"])
        .trim()
        .split("\n")
        .filter((line) => /^\d/.test(line))
        .map((t) => Math.round(Number(t.replace(/,.*/, ""))));
      expect(keyframes).toEqual([0, 2, 4]);
    }

    expect(row!.storyboard).toEqual({ interval: 1, count: 5, columns: 5, rows: 1, tileWidth: 160, tileHeight: 90 });
    const sprite = probe(await stored(`${folder}/storyboard.jpg`), ["-show_entries", "stream=width,height", "-of", "csv=p=0"]).trim();
    expect(sprite).toBe("800,90");
    const vtt = (await stored(`${folder}/storyboard.vtt`)).toString("utf8");
    expect(vtt.startsWith("WEBVTT\n")).toBe(true);
    expect(vtt).toContain("00:00:04.000 --> 00:00:05.000\nstoryboard.jpg#xywh=640,0,160,90");
  });

  it("a hidden clip's renditions and storyboard are withheld with its video, and served again when it is shown", async () => {
    const actor = CLI_ACTOR;
    const keys = [`${folder}/240p.mp4`, `${folder}/360p.mp4`, `${folder}/storyboard.jpg`, `${folder}/storyboard.vtt`, `${folder}.mp4`];
    for (const key of keys) expect(await isWithheldMedia(handle.db, key)).toBe(false);
    expect((await setClipHidden(handle.db, actor, clipId, true)).ok).toBe(true);
    for (const key of keys) expect(await isWithheldMedia(handle.db, key)).toBe(true);
    expect((await setClipHidden(handle.db, actor, clipId, false)).ok).toBe(true);
    for (const key of keys) expect(await isWithheldMedia(handle.db, key)).toBe(false);
  });

  it("the backfill makes the renditions of clips that lack them, and leaves the others", async () => {
    await storage.delete(`${folder}/240p.mp4`);
    await handle.db.update(clips).set({ renditions: [], storyboard: null }).where(eq(clips.id, clipId));
    await startRenditionsBackfill(handle.db);
    // The backfill step, then the one clip's job.
    expect(await runJobs()).toBe(2);
    const [row] = await handle.db.select({ renditions: clips.renditions }).from(clips).where(eq(clips.id, clipId));
    expect(row!.renditions).toHaveLength(4);
    expect((await stored(`${folder}/240p.mp4`)).length).toBe(row!.renditions[0]!.bytes);

    await startRenditionsBackfill(handle.db);
    expect(await runJobs()).toBe(1);
  });
});
