// `npm run seed` seeds the demo catalogue into an empty database;
// `npm run seed -- --clips 100000` adds that many synthetic clips (stop the
// server first when it runs on PGlite: the embedded database has one owner).
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { parseEnv } from "../../app/lib/env.server";
import { createLogger } from "../../app/lib/logger.server";
import { storageFromEnv } from "../../server/platform";
import { seedDemoContent, seedLargeCatalogue } from "./demo";

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const clipsArg = process.argv.indexOf("--clips");
const extra = clipsArg >= 0 ? Number(process.argv[clipsArg + 1]) : 0;
if (!Number.isInteger(extra) || extra < 0) {
  console.error("--clips takes a positive whole number, e.g. --clips 100000");
  process.exit(1);
}

const database = env.DATABASE_URL ? await openDatabase({ databaseUrl: env.DATABASE_URL }) : await openDatabase({ dataDir: env.DATA_DIR });
await database.migrate();
const storage = storageFromEnv(env);
const seeded = await seedDemoContent({ db: database.db, storage, log });
log.info(seeded ?? { skipped: "the catalogue already has clips" }, "demo seed");
if (extra > 0) {
  const started = Date.now();
  log.info(await seedLargeCatalogue(database.db, storage, extra, log), "large catalogue seeded");
  await database.db.execute(sql`analyze`);
  log.info({ seconds: Math.round((Date.now() - started) / 1000) }, "done");
}
await database.close();
