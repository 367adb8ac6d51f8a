// `npm run clips -- import <folder | manifest.json> [--creator <name> --category <slug> --tags a,b]`:
// bulk import for operators. Every entry is checked before the first one is
// published; each clip is then transcoded and published like the admin
// "Publish" button does. On PGlite the database has one owner, so stop the
// server first. Exit codes: 0 all imported, 1 anything failed, 2 ffmpeg missing.
import { parseArgs } from "node:util";
import { parseEnv, type Env } from "../app/lib/env.server";
import { createLogger } from "../app/lib/logger.server";
import {
  categoryExists,
  FfmpegMissingError,
  isPublishError,
  locateFfmpeg,
  planImport,
  publishClip,
} from "../app/features/publishing/index.server";
import { BlockedCopyError, takedownScreen } from "../app/features/takedowns/index.server";
import { writeAudit, CLI_ACTOR } from "../app/features/moderation/audit.server";
import { createPlatform, openDatabaseFromEnv, type Platform } from "../server/platform";

const USAGE = `usage: npm run clips -- import <folder | manifest.json> [--creator <name> --category <slug> --tags a,b] [--allow-blocked]

  manifest.json: a JSON array of { file, title, creator, category, tags?, channelUrl?, start?, end?, audiences? }
                 (file is relative to the manifest; tags is an array or "a,b"; start/end in seconds)
  folder:        uses its manifest.json, or else imports every .mp4/.webm/.mov in it,
                 titled after the file name, with --creator and --category (and --tags)
  Every clip is checked against the takedown block list; a match is refused unless
  --allow-blocked is given (each override is written to the audit log).`;

export interface ClipsCommandIo {
  env?: Env;
  /** Where FFMPEG_PATH / FFPROBE_PATH / PATH are read. */
  processEnv?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function runClipsCommand(argv: string[], io: ClipsCommandIo = {}): Promise<number> {
  const { env = parseEnv(), processEnv = process.env, out = console.log, err = console.error } = io;

  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        creator: { type: "string" },
        category: { type: "string" },
        tags: { type: "string" },
        "allow-blocked": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const [command, target, ...extra] = args.positionals;
  if (command !== "import" || !target || extra.length > 0) {
    err(USAGE);
    return 1;
  }

  const { "allow-blocked": allowBlocked, ...flags } = args.values;
  const plan = await planImport(target, flags);
  if (!plan.ok) {
    for (const line of plan.errors) err(line);
    err("nothing was imported");
    return 1;
  }

  // Before the database is opened: a missing ffmpeg is the most likely problem on a new machine.
  try {
    await locateFfmpeg(processEnv);
  } catch (error) {
    if (error instanceof FfmpegMissingError) {
      err(error.message);
      return 2;
    }
    throw error;
  }

  let platform: Platform;
  try {
    platform = createPlatform(env, { database: await openDatabaseFromEnv(env), log: createLogger("error") });
  } catch (error) {
    err(`could not open the database: ${(error as Error).message}`);
    return 1;
  }

  try {
    const unknown = [];
    for (const entry of plan.entries) {
      if (!(await categoryExists(platform.services.db, entry.input.categorySlug)))
        unknown.push(`${entry.label}: unknown category: ${entry.input.categorySlug}`);
    }
    if (unknown.length > 0) {
      for (const line of unknown) err(line);
      err("nothing was imported");
      return 1;
    }

    const { storage } = platform.services;
    let imported = 0;
    const failed: string[] = [];
    for (const entry of plan.entries) {
      try {
        const screen = takedownScreen(platform.services.db, { override: allowBlocked, env: processEnv });
        let overridden: string | null = null;
        const clip = await publishClip({ db: platform.services.db, storage }, entry.input, {
          env: processEnv,
          screen: {
            check: async (file) => {
              const screened = await screen.check(file);
              if (screened.overridden) overridden = `${screened.overridden.clipTitle} (distance ${screened.overridden.distance})`;
              return screened;
            },
            record: async (tx, clipId, screened) => {
              await screen.record(tx, clipId, screened);
              if (overridden)
                await writeAudit(tx, CLI_ACTOR, {
                  action: "block_overridden",
                  targetType: "clip",
                  targetId: clipId,
                  note: `import: ${overridden}`,
                });
            },
          },
        });
        imported++;
        out(
          `${entry.input.title.trim()} → /video/${clip.slug}${overridden ? ` (matches blocked clip ${overridden}; imported with --allow-blocked)` : ""}`,
        );
      } catch (error) {
        if (error instanceof FfmpegMissingError) {
          err(error.message);
          return 2;
        }
        if (error instanceof BlockedCopyError) {
          err(`${entry.label} refused: ${error.message}; use --allow-blocked to import it anyway`);
          failed.push(entry.label);
          continue;
        }
        // Unexpected errors keep their stack: they are bugs or infrastructure trouble.
        err(`${entry.label} failed: ${isPublishError(error) ? error.message : ((error as Error).stack ?? String(error))}`);
        failed.push(entry.label);
      }
    }
    const summary = `imported ${imported} of ${plan.entries.length} clip${plan.entries.length === 1 ? "" : "s"}`;
    if (failed.length === 0) {
      out(summary);
      return 0;
    }
    err(`${summary}; failed: ${failed.join(", ")}`);
    return 1;
  } finally {
    await platform.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runClipsCommand(process.argv.slice(2)));
}
