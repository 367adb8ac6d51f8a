// `npm run media -- backfill [--queue-only]`: queues the renditions and storyboards of every clip that
// lacks them (one background job per clip, walked in id order by a backfill job) and runs them here,
// one encode at a time at the lowest CPU priority; with --queue-only a server's worker runs them
// instead. On PGlite the database has one owner, so stop the server first (or use --queue-only there).
// `npm run media -- demo`: makes the demo catalogue's renditions into db/seed/renditions/ (committed).
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EnvError, parseEnv } from "../app/lib/env.server";
import { createLogger } from "../app/lib/logger.server";
import { createWorker } from "../app/lib/jobs/index.server";
import {
  FfmpegMissingError,
  locateFfmpeg,
  makeRenditions,
  renditionJobs,
  startRenditionsBackfill,
} from "../app/features/publishing/index.server";
import { startPlatform } from "../server/platform";

const USAGE = "usage: npm run media -- backfill [--queue-only] | demo";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The committed demo renditions stay this small (the repository is cloned by everyone). */
const DEMO_BUDGET_BYTES = 3 * 1024 * 1024;

async function backfill(queueOnly: boolean, out: (line: string) => void): Promise<number> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const platform = await startPlatform(env, log);
  try {
    await startRenditionsBackfill(platform.services.db);
    if (queueOnly) {
      out("renditions backfill queued: a server's job worker (or `npm run jobs -- run`) makes them");
      return 0;
    }
    await locateFfmpeg();
    const handlers = renditionJobs({ db: platform.services.db, storage: platform.services.storage });
    const ran = await createWorker({ db: platform.services.db, handlers, log }).drain();
    out(`ran ${ran} renditions job${ran === 1 ? "" : "s"}`);
    return 0;
  } finally {
    await platform.close();
  }
}

interface DemoItem {
  file: string;
}

/** The demo clips' rungs below their 360×640 source and their storyboards, with a manifest the seed reads. */
async function demo(out: (line: string) => void): Promise<number> {
  const tools = await locateFfmpeg();
  const mediaDir = path.join(ROOT, "db/seed/media");
  const outDir = path.join(ROOT, "db/seed/renditions");
  const items = JSON.parse(await readFile(path.join(mediaDir, "manifest.json"), "utf8")) as DemoItem[];
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const manifest: Record<string, unknown> = {};
  let total = 0;
  for (const item of items) {
    const name = item.file.replace(/\.mp4$/, "");
    const work = await mkdtemp(path.join(tmpdir(), "demo-renditions-"));
    try {
      const made = await makeRenditions(path.join(mediaDir, item.file), work, tools);
      await mkdir(path.join(outDir, name));
      const files = [...made.renditions.map((r) => r.file), made.storyboard.imageFile, made.storyboard.indexFile];
      for (const file of files) await copyFile(file, path.join(outDir, name, path.basename(file)));
      total += made.renditions.reduce((sum, r) => sum + r.bytes, 0);
      const { imageFile: _image, indexFile: _index, ...storyboard } = made.storyboard;
      manifest[item.file] = { renditions: [...made.renditions.map(({ file: _file, ...rung }) => rung), made.source], storyboard };
      out(`${name}: ${made.renditions.map((r) => `${r.shortSide}p ${Math.round(r.bytes / 1024)} KiB`).join(", ")}`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  out(`${Math.round(total / 1024)} KiB of renditions for ${items.length} clips`);
  if (total > DEMO_BUDGET_BYTES) {
    out(`above the ${DEMO_BUDGET_BYTES / 1024} KiB budget of db/seed/renditions`);
    return 1;
  }
  return 0;
}

export async function runMediaCommand(argv: string[], out = console.log, err = console.error): Promise<number> {
  const [command, ...flags] = argv;
  const queueOnly = flags.includes("--queue-only");
  if (flags.some((f) => f !== "--queue-only") || (command !== "backfill" && command !== "demo")) {
    err(USAGE);
    return 1;
  }
  try {
    return command === "demo" ? await demo(out) : await backfill(queueOnly, out);
  } catch (error) {
    if (error instanceof EnvError || error instanceof FfmpegMissingError) {
      err(error.message);
      return error instanceof FfmpegMissingError ? 2 : 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runMediaCommand(process.argv.slice(2)));
}
