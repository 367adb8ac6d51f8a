import type { Services } from "../app/lib/context";
import { createWorker, type JobHandlers, type Worker } from "../app/lib/jobs/index.server";
import { OUTCOME_MAIL_JOB, outcomeMailHandler, PUBLISH_JOB, publishJobHandler } from "../app/features/moderation/index.server";
import { renditionJobs } from "../app/features/publishing/index.server";
import { scheduleBackfill, takedownJobs } from "../app/features/takedowns/index.server";
import { consciousJobs, scheduleConsciousRetention, scheduleWeeklyMail, weeklyMailJobs } from "../app/features/conscious/index.server";
import { exportJobs, scheduleExportSweep } from "../app/features/accounts/index.server";
import { scheduleSignalPrune, signalPruneHandler, SIGNALS_PRUNE_JOB } from "../app/features/signals/index.server";

/** Every kind of background job and what runs it (docs/decisions/050-jobs-on-the-database.md). */
export function jobHandlers(services: Pick<Services, "db" | "storage" | "mailer" | "log" | "secret" | "origin" | "env">): JobHandlers {
  return {
    [PUBLISH_JOB]: publishJobHandler({ db: services.db, storage: services.storage, log: services.log }),
    [OUTCOME_MAIL_JOB]: outcomeMailHandler(services),
    ...takedownJobs(services),
    ...consciousJobs(services),
    ...weeklyMailJobs({ ...services, linkOrigin: (services.env.CONSCIOUS_SITE_URL ?? services.origin).replace(/\/+$/, "") }),
    [SIGNALS_PRUNE_JOB]: signalPruneHandler(services.db),
    ...renditionJobs(services),
    ...exportJobs(services),
  };
}

/**
 * The server's worker: `JOB_WORKERS` loops (0: none, jobs wait for another server). At boot it
 * also makes sure the catalogue gets fingerprinted and Conscious Mode's retention and weekly-mail sweeps are booked.
 */
export async function startJobs(services: Services, options: { pollMs?: number; leaseMs?: number } = {}): Promise<Worker | null> {
  if (services.env.JOB_WORKERS === 0) return null;
  await scheduleBackfill(services.db);
  await scheduleConsciousRetention(services.db);
  await scheduleWeeklyMail(services.db);
  await scheduleExportSweep(services.db);
  await scheduleSignalPrune(services.db);
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
