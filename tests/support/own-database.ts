import pg from "pg";

/**
 * A PostgreSQL database of the test's own, next to TEST_DATABASE_URL, for tests whose servers must seed
 * their own catalogue (the shared e2e database is already seeded, with its media elsewhere). Null on PGlite.
 */
export async function ownDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
