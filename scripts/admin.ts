// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: the
// way to make the first moderator (docs/product.md §10.1, ADR 013). On PGlite the database has one
// owner, so stop the server first.
import { parseEnv } from "../app/lib/env.server";
import { grantModerator, revokeModerator } from "../app/features/moderation/moderators.server";
import { openDatabaseFromEnv } from "../server/platform";

export async function runAdminCommand(argv: string[], env = parseEnv()): Promise<{ code: number; out: string }> {
  const [command, email] = argv;
  if ((command !== "grant" && command !== "revoke") || !email) {
    return { code: 1, out: "usage: npm run admin -- grant <email> | revoke <email>" };
  }
  let database;
  try {
    database = await openDatabaseFromEnv(env);
  } catch (error) {
    return { code: 1, out: `could not open the database: ${(error as Error).message}` };
  }
  try {
    const result = command === "grant" ? await grantModerator(database.db, email) : await revokeModerator(database.db, email);
    if (!result.ok) return { code: 1, out: `not a valid e-mail address: ${email}` };
    if (command === "grant")
      return { code: 0, out: result.changed ? `granted admin to ${result.email}` : `${result.email} is already an admin` };
    return { code: 0, out: result.changed ? `revoked admin from ${result.email}` : `${result.email} was not an admin` };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code, out } = await runAdminCommand(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exit(code);
}
