import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { channelSites, clips, clipTags, creators, tags, categories } from "~schema";
import { locateFfmpeg, publishClip, type PublishClipInput } from "~/features/publishing/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { clipSlug } from "~/lib/slug";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

const SEED_CLIP = path.resolve("db/seed/media/clip-01.mp4"); // 8.5 s, H.264 + AAC
const ffmpegAvailable = await locateFfmpeg().then(
  () => true,
  () => false,
);
if (!ffmpegAvailable && process.env.CI) throw new Error("ffmpeg is required for the publishing tests in CI");

/** Top-level MP4 box types in file order (32- and 64-bit box sizes). */
function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= mp4.length;) {
    let size = mp4.readUInt32BE(at);
    boxes.push(mp4.toString("latin1", at + 4, at + 8));
    if (size === 1) size = Number(mp4.readBigUInt64BE(at + 8));
    if (size === 0) break; // "to the end of the file"
    at += size;
  }
  return boxes;
}

const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}

describe.skipIf(!ffmpegAvailable)(`publishClip on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const work = mkdtempSync(path.join(tmpdir(), "publish-test-"));
  const mediaRoot = path.join(work, "media");
  const storage = createLocalStorage(mediaRoot);
  const silentMov = path.join(work, "silent.mov");
  const toneM4a = path.join(work, "tone.m4a");
  const services = () => ({ db: handle.db, storage });

  const base = (over: Partial<PublishClipInput> = {}): PublishClipInput => ({
    videoPath: SEED_CLIP,
    title: "Golden hour on the pier",
    creatorName: "Marina Sol",
    categorySlug: "feet",
    tags: [],
    ...over,
  });

  async function clipCount() {
    const [row] = await handle.db.select({ n: count() }).from(clips);
    return row!.n;
  }

  async function readStored(key: string): Promise<Buffer> {
    const object = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** ffprobe of the stored object, read back through storage like /media does. */
  async function probeStored(key: string) {
    const bytes = await readStored(key);
    const file = path.join(work, `probe-${path.basename(key)}`);
    writeFileSync(file, bytes);
    const out = execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
      encoding: "utf8",
    });
    const json = JSON.parse(out) as {
      format: { duration: string };
      streams: { codec_type: string; codec_name: string; pix_fmt?: string }[];
    };
    return { bytes, json };
  }

  // Each publish runs with its own TMPDIR, so the tests can see that the encode folders are removed.
  let scratch: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(categories).values([
      { slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#14b8a6", aliases: ["feet-fetish"] },
      { slug: "trans", nameEn: "Trans", nameEs: "Trans", color: "#3b82f6" },
    ]);
    // Not H.264 and no audio: proves the output is transcoded, and that a silent input stays silent.
    const lavfi = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"];
    execFileSync("ffmpeg", [...lavfi, "-i", "testsrc=size=320x240:rate=24:duration=3", "-c:v", "mpeg4", silentMov]);
    execFileSync("ffmpeg", [...lavfi, "-i", "sine=frequency=440:duration=2", "-c:a", "aac", toneM4a]);
    scratch = path.join(work, "scratch");
    mkdirSync(scratch);
    vi.stubEnv("TMPDIR", scratch);
  });
  afterEach(() => {
    expect(listFiles(scratch)).toEqual([]);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await handle?.close();
  });

  it("cuts, transcodes to H.264 faststart, stores three thumbnails and writes the clip", async () => {
    const link = "https://studio.example.com/watch/pier-42";
    const result = await publishClip(
      services(),
      base({ tags: ["Beach", " sunset ", "beach", "Golden  Hour"], channelUrl: link, startSeconds: 1, endSeconds: 4 }),
    );
    expect(result.slug).toBe(clipSlug("Golden hour on the pier", "feet", result.clipId));

    const [clip] = await handle.db.select().from(clips).where(eq(clips.id, result.clipId));
    expect(clip).toMatchObject({
      status: "published",
      title: "Golden hour on the pier",
      slug: result.slug,
      startSeconds: 1,
      endSeconds: 4,
      sourceUrl: link,
      audiences: ["hetero"],
      videoKey: `clips/${result.clipId}.mp4`,
      thumbnail1Key: `thumbs/${result.clipId}_thumb.jpg`,
      thumbnail2Key: `thumbs/${result.clipId}_thumb2.jpg`,
      thumbnail3Key: `thumbs/${result.clipId}_thumb3.jpg`,
    });
    expect(clip!.durationSeconds).toBeCloseTo(3, 1);

    const video = await probeStored(clip!.videoKey);
    expect(clip!.fileSizeBytes).toBe(video.bytes.length);
    expect(Number(video.json.format.duration)).toBeCloseTo(3, 1);
    expect(video.json.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p" });
    expect(video.json.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    const boxes = topLevelBoxes(video.bytes);
    expect(boxes).toContain("mdat");
    expect(boxes.indexOf("moov")).toBeGreaterThan(-1);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

    for (const key of [clip!.thumbnail1Key, clip!.thumbnail2Key, clip!.thumbnail3Key]) {
      expect(isJpeg(await readStored(key!))).toBe(true);
    }

    const [category] = await handle.db.select().from(categories).where(eq(categories.id, clip!.categoryId));
    expect(category!.slug).toBe("feet");
    const [creator] = await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId));
    expect(creator).toMatchObject({ slug: "marina-sol", name: "Marina Sol" });
    const [site] = await handle.db.select().from(channelSites).where(eq(channelSites.id, clip!.channelSiteId!));
    expect(site).toMatchObject({ url: "https://studio.example.com", name: "studio.example.com" });

    const clipTagRows = await handle.db
      .select({ slug: tags.slug, nameEn: tags.nameEn, nameEs: tags.nameEs, position: clipTags.position })
      .from(clipTags)
      .innerJoin(tags, eq(tags.id, clipTags.tagId))
      .where(eq(clipTags.clipId, result.clipId))
      .orderBy(clipTags.position);
    expect(clipTagRows).toEqual([
      { slug: "beach", nameEn: "Beach", nameEs: "Beach", position: 0 },
      { slug: "sunset", nameEn: "sunset", nameEs: "sunset", position: 1 },
      { slug: "golden-hour", nameEn: "Golden Hour", nameEs: "Golden Hour", position: 2 },
    ]);
  });

  it("reuses the creator, tags and channel site, accepts a category alias and keeps a silent video silent", async () => {
    const result = await publishClip(
      services(),
      base({
        videoPath: silentMov,
        title: "Test card",
        creatorName: "  marina   SOL ",
        categorySlug: "feet-fetish",
        tags: ["BEACH", "new one"],
        channelUrl: "https://studio.example.com/other",
      }),
    );
    const [clip] = await handle.db.select().from(clips).where(eq(clips.id, result.clipId));
    expect(result.slug).toBe(clipSlug("Test card", "feet", result.clipId));
    expect(clip!.durationSeconds).toBeCloseTo(3, 1);
    expect(clip!.startSeconds).toBe(0);

    const video = await probeStored(clip!.videoKey);
    expect(video.json.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(["video:h264"]);

    expect(await handle.db.select({ slug: creators.slug }).from(creators)).toEqual([{ slug: "marina-sol" }]);
    const [first] = await handle.db
      .select({ creatorId: clips.creatorId, site: clips.channelSiteId })
      .from(clips)
      .where(sql`${clips.id} <> ${result.clipId}`);
    expect(clip!.creatorId).toBe(first!.creatorId);
    expect(clip!.channelSiteId).toBe(first!.site);
    expect(await handle.db.select({ n: count() }).from(channelSites)).toEqual([{ n: 1 }]);
    expect(await handle.db.select({ nameEn: tags.nameEn }).from(tags).where(eq(tags.slug, "beach"))).toEqual([{ nameEn: "Beach" }]);
  });

  it("puts clips of the trans category in the trans audience unless told otherwise", async () => {
    const byDefault = await publishClip(services(), base({ categorySlug: "trans", endSeconds: 2 }));
    const chosen = await publishClip(services(), base({ categorySlug: "trans", endSeconds: 2, audiences: ["gay", "trans"] }));
    const rows = await handle.db
      .select({ id: clips.id, audiences: clips.audiences })
      .from(clips)
      .where(sql`${clips.id} in (${byDefault.clipId}, ${chosen.clipId})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.audiences]))).toEqual({
      [byDefault.clipId]: ["trans"],
      [chosen.clipId]: ["gay", "trans"],
    });
  });

  describe("failures leave nothing behind", () => {
    let before: { clips: number; files: string[] };
    const expectNothingWritten = async () => {
      expect(await clipCount()).toBe(before.clips);
      expect(listFiles(mediaRoot)).toEqual(before.files);
    };
    beforeAll(async () => {
      before = { clips: await clipCount(), files: listFiles(mediaRoot) };
      expect(before.files.length).toBeGreaterThan(0);
    });

    it.each([
      ["start after end", { startSeconds: 4, endSeconds: 2 }],
      ["end past the video", { startSeconds: 1, endSeconds: 30 }],
      ["start at the end", { startSeconds: 8.5 }],
      ["shorter than half a second", { startSeconds: 1, endSeconds: 1.2 }],
    ])("rejects a bad cut: %s", async (_name, cut) => {
      await expect(publishClip(services(), base(cut))).rejects.toMatchObject({
        code: "bad-cut",
        name: "BadCutError",
        durationSeconds: 8.5,
      });
      await expectNothingWritten();
    });

    it("rejects a negative start before reading the file", async () => {
      await expect(publishClip(services(), base({ startSeconds: -1 }))).rejects.toMatchObject({
        code: "invalid-input",
        message: expect.stringContaining("startSeconds"),
      });
      await expectNothingWritten();
    });

    it("rejects an unknown category", async () => {
      await expect(publishClip(services(), base({ categorySlug: "nope" }))).rejects.toMatchObject({
        code: "unknown-category",
        categorySlug: "nope",
      });
      await expectNothingWritten();
    });

    it("rejects files without a video stream", async () => {
      const text = path.join(work, "notes.mp4");
      writeFileSync(text, "not a video");
      await expect(publishClip(services(), base({ videoPath: toneM4a }))).rejects.toMatchObject({ code: "no-video-stream" });
      await expect(publishClip(services(), base({ videoPath: text }))).rejects.toMatchObject({ code: "no-video-stream" });
      await expectNothingWritten();
    });

    it("names ffmpeg when FFMPEG_PATH points at a missing binary, or when it is not on PATH", async () => {
      vi.stubEnv("FFMPEG_PATH", path.join(work, "no-such-ffmpeg"));
      try {
        const error = await publishClip(services(), base()).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: "ffmpeg-missing", name: "FfmpegMissingError" });
        expect((error as Error).message).toMatch(
          /^ffmpeg was not found at FFMPEG_PATH=\S*no-such-ffmpeg: it is needed to publish uploaded videos/,
        );
      } finally {
        vi.stubEnv("FFMPEG_PATH", undefined);
      }
      await expect(publishClip(services(), base(), { env: { PATH: work } })).rejects.toThrow(
        /^ffmpeg is not installed \(or not on PATH\): .*apt-get install ffmpeg.*FFMPEG_PATH/,
      );
      await expectNothingWritten();
    });

    it("removes the stored media and rolls back the creator and tags when the database step fails", async () => {
      // A real failure inside the transaction, after the media has been stored.
      await handle.db.execute(
        sql`create function refuse_clip() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
      );
      await handle.db.execute(sql`create trigger refuse_clip before insert on clips for each row execute function refuse_clip()`);
      try {
        await expect(publishClip(services(), base({ creatorName: "Rolled Back", tags: ["only-here"], endSeconds: 2 }))).rejects.toThrow();
      } finally {
        await handle.db.execute(sql`drop trigger refuse_clip on clips`);
        await handle.db.execute(sql`drop function refuse_clip()`);
      }
      await expectNothingWritten();
      expect(await handle.db.select().from(creators).where(eq(creators.slug, "rolled-back"))).toEqual([]);
      expect(await handle.db.select().from(tags).where(eq(tags.slug, "only-here"))).toEqual([]);
    });
  });
});
