import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, count, eq } from "drizzle-orm";
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { clips, fingerprintedClips, moderationAudit, takedownBlocks, categories } from "~schema";
import { addBlock, takedownJobs } from "~/features/takedowns/index.server";
import { createWorker } from "~/lib/jobs/index.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { locateFfmpeg } from "~/features/publishing/index.server";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";

const ffmpegAvailable = await locateFfmpeg().then(
  () => true,
  () => false,
);
if (!ffmpegAvailable && process.env.CI) throw new Error("ffmpeg is required for the clips CLI tests in CI");

const run = promisify(execFile);

// The CLI runs as a child process exactly as package.json's "clips" script starts
// it, against its own PGlite folder or the test PostgreSQL database.
describe.skipIf(!ffmpegAvailable)(`npm run clips on ${testEngine()}`, () => {
  const url = process.env.TEST_DATABASE_URL;
  const work = mkdtempSync(path.join(tmpdir(), "clips-cli-"));
  const dataDir = path.join(work, "data");
  const videos = path.join(work, "videos");

  const [node, ...scriptArgs] = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { clips: string } }).scripts.clips.split(
    " ",
  );

  async function clipsCli(args: string[], extraEnv: Record<string, string> = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, ...extraEnv };
    for (const name of [
      "DATABASE_URL",
      "S3_ENDPOINT",
      "S3_BUCKET",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
      "FFMPEG_PATH",
      "FFPROBE_PATH",
    ]) {
      if (!(name in extraEnv)) delete env[name];
    }
    if (url) env.DATABASE_URL = url;
    expect(node).toBe("node");
    try {
      const { stdout, stderr } = await run(process.execPath, [...scriptArgs, ...args], { env, timeout: 120_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout: string; stderr: string };
      return { code: e.code ?? -1, stdout: e.stdout, stderr: e.stderr };
    }
  }

  async function withDatabase<T>(work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
    const handle = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({ dataDir });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  const clipTitles = () =>
    withDatabase(
      async (db) => await db.select({ title: clips.title, slug: clips.slug, status: clips.status }).from(clips).orderBy(asc(clips.title)),
    );

  function writeManifest(name: string, entries: unknown) {
    const file = path.join(videos, name);
    writeFileSync(file, JSON.stringify(entries, null, 2));
    return file;
  }

  beforeAll(async () => {
    mkdirSync(videos, { recursive: true });
    copyFileSync("db/seed/media/clip-01.mp4", path.join(videos, "pier.mp4"));
    copyFileSync("db/seed/media/clip-02.mp4", path.join(videos, "night_walk.mp4"));
    const handle = url ? await createTestDatabase() : await openDatabase({ dataDir });
    try {
      await handle.migrate();
      await handle.db.insert(categories).values({ slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#14b8a6" });
    } finally {
      await handle.close();
    }
  });

  it("imports every entry of a manifest and prints where each clip lives", async () => {
    const manifest = writeManifest("two.json", [
      { file: "pier.mp4", title: "Pier at dusk", creator: "Marina Sol", category: "feet", tags: ["beach", "sunset"], start: 1, end: 4 },
      {
        file: "./night_walk.mp4",
        title: "Night walk",
        creator: "Marina Sol",
        category: "feet",
        tags: "city, night",
        channelUrl: "https://studio.example.com/w/1",
      },
    ]);
    const result = await clipsCli(["import", manifest]);
    expect(result.code, result.stderr).toBe(0);

    const rows = await clipTitles();
    expect(rows.map((r) => [r.title, r.status])).toEqual([
      ["Night walk", "published"],
      ["Pier at dusk", "published"],
    ]);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toEqual([`Pier at dusk → /video/${rows[1]!.slug}`, `Night walk → /video/${rows[0]!.slug}`, "imported 2 of 2 clips"]);
    // Media goes to the storage the server uses: DATA_DIR/media without S3 settings.
    const stored = await withDatabase((db) => db.select({ key: clips.videoKey }).from(clips));
    for (const { key } of stored) expect(existsSync(path.join(dataDir, "media", key))).toBe(true);
  });

  it("imports a folder of videos with --creator and --category, titled after the file names", async () => {
    const folder = path.join(work, "folder");
    mkdirSync(folder);
    copyFileSync("db/seed/media/clip-03.mp4", path.join(folder, "sunset_swim.mp4"));
    writeFileSync(path.join(folder, "notes.txt"), "ignored");

    const missing = await clipsCli(["import", folder]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("needs --creator and --category");

    const result = await clipsCli(["import", folder, "--creator", "Marina Sol", "--category", "feet", "--tags", "swim,sea"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Sunset swim → \/video\/sunset-swim-feet-[0-9a-f]{8}\nimported 1 of 1 clip\n$/);
  });

  it("refuses a manifest with an invalid entry, naming it, and imports nothing", async () => {
    const before = await withDatabase(async (db) => (await db.select({ n: count() }).from(clips))[0]!.n);
    const manifest = writeManifest("bad.json", [
      { file: "pier.mp4", title: "Fine entry", creator: "Marina Sol", category: "feet" },
      { file: "missing.mp4", title: "", creator: "Marina Sol", category: "feet", start: 5, end: 2, colour: "red" },
    ]);
    const result = await clipsCli(["import", manifest]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("entry 2 (missing.mp4): title: is required");
    expect(result.stderr).toContain("entry 2 (missing.mp4): start must be before end");
    expect(result.stderr).toContain("entry 2 (missing.mp4): file not found");
    expect(result.stderr).toContain('entry 2 (missing.mp4): unknown field "colour"');
    expect(result.stderr).not.toContain("entry 1");
    expect(result.stderr).toContain("nothing was imported");

    const unknownCategory = await clipsCli([
      "import",
      writeManifest("category.json", [{ file: "pier.mp4", title: "X", creator: "Y", category: "nope" }]),
    ]);
    expect(unknownCategory.code).toBe(1);
    expect(unknownCategory.stderr).toContain("entry 1 (pier.mp4): unknown category: nope");

    expect(await withDatabase(async (db) => (await db.select({ n: count() }).from(clips))[0]!.n)).toBe(before);
  });

  it("exits with code 2 and names ffmpeg when it is missing", async () => {
    const manifest = writeManifest("one.json", [{ file: "pier.mp4", title: "Pier", creator: "Marina Sol", category: "feet" }]);
    const result = await clipsCli(["import", manifest], { FFMPEG_PATH: "/nonexistent" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "ffmpeg was not found at FFMPEG_PATH=/nonexistent: it is needed to publish uploaded videos and to import clips. Install it (apt-get install ffmpeg) or correct FFMPEG_PATH.",
    );
    expect(result.stdout).toBe("");
  });

  it("refuses a re-encoded copy of a blocked clip, naming it and the distance, unless --allow-blocked (audited)", async () => {
    // "Pier at dusk" (clip-01) is taken down after a report: its frames go on the block list.
    const pier = (await clipTitles()).find((r) => r.title === "Pier at dusk")!;
    await withDatabase(async (db) => {
      const [clip] = await db.select({ id: clips.id }).from(clips).where(eq(clips.slug, pier.slug));
      expect((await db.select().from(fingerprintedClips).where(eq(fingerprintedClips.clipId, clip!.id))).length).toBe(1);
      await db.update(clips).set({ status: "hidden" }).where(eq(clips.id, clip!.id));
      await db.transaction((tx) => addBlock(tx, { clipId: clip!.id, reason: "report", itemQueue: null, itemId: null, by: "test" }));
      const storage = createLocalStorage(path.join(dataDir, "media"));
      const handlers = takedownJobs({ db, storage });
      await createWorker({ db, handlers: { "takedown-block": handlers["takedown-block"]! }, log: createLogger("silent") }).drain();
      expect((await db.select({ state: takedownBlocks.state }).from(takedownBlocks))[0]).toEqual({ state: "active" });
    });
    const copy = path.join(videos, "pier_again.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", "db/seed/media/clip-01.mp4", "-vf", "scale=240:426", "-b:v", "150k", copy]);
    const manifest = writeManifest("copy.json", [
      { file: "pier_again.mp4", title: "Pier again", creator: "Someone Else", category: "feet" },
    ]);

    const refused = await clipsCli(["import", manifest]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /entry 1 \(pier_again\.mp4\) refused: this video matches the blocked clip "Pier at dusk" \(report; distance \d+ of 64 bits, \d+ % of frames\); use --allow-blocked/,
    );
    expect((await clipTitles()).some((r) => r.title === "Pier again")).toBe(false);

    const allowed = await clipsCli(["import", manifest, "--allow-blocked"]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain("(matches blocked clip Pier at dusk (distance");
    const overrides = await withDatabase((db) => db.select().from(moderationAudit).where(eq(moderationAudit.action, "block_overridden")));
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ actorEmail: "cli", targetType: "clip", note: expect.stringContaining("import: Pier at dusk") });
  });
});
