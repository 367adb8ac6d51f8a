// `npm run seed` seeds the demo catalogue into an empty database;
// `npm run seed -- --clips 1000000 --flames 10000000` adds that many synthetic clips and flames,
// generated inside the database (db/seed/bulk.ts, ADR 035), plus a user with 10 000 likes, a
// user with 10 000 usage sessions and 100 000 reports for the page benchmarks
// (`--owner-flames`, `--sessions`, `--reports` change those; `--days` the span of the clips' publication dates,
// two years by default); `--creators N --follows M` adds creators and follows (db/seed/follows.ts). Stop the
// server first when it runs on PGlite: the embedded database has one owner.
import { sql } from "drizzle-orm";
import { parseEnv } from "../../app/lib/env.server";
import { createLogger } from "../../app/lib/logger.server";
import { createPlatform, openDatabaseFromEnv } from "../../server/platform";
import { BULK_DAYS, seedBulkCatalogue } from "./bulk";
import { seedBenchFollows } from "./follows";
import { demoMedia, seedDemoContent, seedReferenceData, uploadDemoMedia } from "./demo";

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a positive whole number, e.g. --${name} 100000`);
    process.exit(1);
  }
  return value;
}

const extra = option("clips", 0);
const options = {
  clips: extra,
  flames: option("flames", 0),
  ownerFlames: option("owner-flames", extra > 0 ? 10_000 : 0),
  sessions: option("sessions", extra > 0 ? 10_000 : 0),
  reports: option("reports", extra > 0 ? 100_000 : 0),
  days: option("days", BULK_DAYS),
};

const platform = createPlatform(env, { database: await openDatabaseFromEnv(env), log });
const { db, storage } = platform.services;
const seeded = await seedDemoContent({ db, storage, log });
log.info(seeded ?? { skipped: "the catalogue already has clips" }, "demo seed");
if (extra > 0) {
  const started = Date.now();
  const media = demoMedia();
  await uploadDemoMedia(storage, media);
  const refs = await seedReferenceData(db);
  log.info(await seedBulkCatalogue(db, refs, media, options, log), "large catalogue seeded");
  await db.execute(sql`vacuum analyze`);
  log.info({ seconds: Math.round((Date.now() - started) / 1000) }, "done");
}
const follows = { creators: option("creators", 0), follows: option("follows", 0) };
if (follows.creators > 0 || follows.follows > 0) {
  await seedBenchFollows(db, follows, log);
  await db.execute(sql`vacuum analyze`);
}
await platform.close();
