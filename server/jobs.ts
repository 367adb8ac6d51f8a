import type { Services } from "../app/lib/context";
import { createWorker, type JobHandlers, type Worker } from "../app/lib/jobs/index.server";
import { OUTCOME_MAIL_JOB, outcomeMailHandler } from "../app/features/moderation/outcome-mail.server";
import { PUBLISH_JOB, publishJobHandler } from "../app/features/moderation/publish-submission.server";
import { scheduleBackfill, takedownJobs } from "../app/features/takedowns/index.server";

/** Every kind of background job and what runs it (docs/decisions/050-jobs-on-the-database.md). */
export function jobHandlers(services: Pick<Services, "db" | "storage" | "mailer" | "log">): JobHandlers {
  return {
    [PUBLISH_JOB]: publishJobHandler({ db: services.db, storage: services.storage, log: services.log }),
    [OUTCOME_MAIL_JOB]: outcomeMailHandler(services),
    ...takedownJobs(services),
  };
}

/**
 * The server's worker: `JOB_WORKERS` loops (0: none, jobs wait for another server). At boot it
 * also makes sure the catalogue gets fingerprinted.
 */
export async function startJobs(services: Services, options: { pollMs?: number; leaseMs?: number } = {}): Promise<Worker | null> {
  if (services.env.JOB_WORKERS === 0) return null;
  await scheduleBackfill(services.db);
  const worker = createWorker({
    db: services.db,
    handlers: jobHandlers(services),
    log: services.log,
    concurrency: services.env.JOB_WORKERS,
    ...options,
  });
  worker.start();
  return worker;
}
