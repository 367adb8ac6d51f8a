import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Durable background jobs (docs/decisions/050-jobs-on-the-database.md): slow work — publishing
// with ffmpeg, fingerprints, catalogue scans, outgoing mail — is a row here that a worker claims
// with FOR UPDATE SKIP LOCKED, so it survives a restart and only one of several servers runs it.

import { JOB_STATES, type JobState } from "./values";

export { JOB_STATES, type JobState };

export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** Ids and choices only: personal data (addresses) is read from its own row when the job runs, so it can be deleted there. */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text().$type<JobState>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** Not before: retries wait here with their back-off. */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while running and renewed by the worker's heartbeat; a stale one means the worker died. */
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    result: jsonb().$type<Record<string, unknown>>(),
    /** What the job is about (`submissions:<id>`, `clip:<id>`), so a page can show its item's jobs. */
    subject: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("jobs_state_check", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    // The worker's claim: the oldest due queued job.
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    // Finding running jobs whose worker stopped renewing its lease.
    index("jobs_running_idx")
      .on(t.lockedAt)
      .where(sql`${t.state} = 'running'`),
    // The admin's list per state, newest first.
    index("jobs_state_created_idx").on(t.state, t.createdAt.desc().nullsFirst(), t.id),
    index("jobs_subject_idx").on(t.subject, t.createdAt.desc().nullsFirst()),
  ],
);
