// `npm run jobs -- run`: runs the background jobs that are due (publishing, fingerprints, catalogue
// scans, outgoing e-mail) and exits when none is left — for a machine where no server runs them
// (on PGlite, stop the server first). `npm run jobs -- list [queued|running|done|failed]` lists them.
// Without SMTP_URL, e-mail jobs are left queued for a server (the CLI has no /dev/mailbox to keep them).
import { JOB_STATES, type JobState } from "~schema/jobs";
import { EnvError, parseEnv } from "../app/lib/env.server";
import { createLogger } from "../app/lib/logger.server";
import { createWorker, jobsPage } from "../app/lib/jobs/index.server";
import { OUTCOME_MAIL_JOB } from "../app/features/moderation/outcome-mail.server";
import { WEEKLY_MAIL_JOB } from "../app/features/conscious/index.server";
import { jobHandlers } from "../server/jobs";
import { startPlatform } from "../server/platform";

const USAGE = "usage: npm run jobs -- run | list [queued|running|done|failed]";

export async function runJobsCommand(argv: string[], out = console.log, err = console.error): Promise<number> {
  const [command, stateArg] = argv;
  const state = JOB_STATES.find((s) => s === (stateArg ?? "queued"));
  if ((command !== "run" && command !== "list") || !state) {
    err(USAGE);
    return 1;
  }
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    err(error instanceof EnvError ? error.message : String(error));
    return 1;
  }
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const platform = await startPlatform(env, log);
  try {
    if (command === "list") {
      for (const job of await jobsPage(platform.services.db, state as JobState, 1))
        out(
          `${job.createdAt.toISOString()}  ${job.kind}  ${job.subject ?? "-"}  attempts ${job.attempts}/${job.maxAttempts}${job.lastError ? `  ${job.lastError}` : ""}`,
        );
      return 0;
    }
    const handlers = jobHandlers(platform.services);
    if (platform.outbox) {
      delete handlers[OUTCOME_MAIL_JOB];
      delete handlers[WEEKLY_MAIL_JOB];
    }
    const ran = await createWorker({ db: platform.services.db, handlers, log }).drain();
    out(`ran ${ran} job${ran === 1 ? "" : "s"}`);
    return 0;
  } finally {
    await platform.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runJobsCommand(process.argv.slice(2)));
}
