import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { QUEUES, QUEUE_ENTRIES, type QueueName } from "~/features/forms";
import { queueSource } from "~/features/forms/index.server";
import type { Database } from "~/lib/database";

// Desk figures (ADR 053), per queue, each one aggregate query in SQL: open and overdue items
// (the status and deadline indexes; open items are few), and over the last 7 and 30 days how long
// decisions took (median, 95th percentile) and, for removal claims, how many were decided within
// the 48 hours (the decided_at index reads only the month's decisions).

export interface DecisionTimes {
  decided: number;
  /** Seconds from receipt to decision; null without decisions in the window. */
  median: number | null;
  p95: number | null;
}

export interface QueueFigures {
  queue: QueueName;
  open: number;
  /** Null for queues without a clock. */
  overdue: number | null;
  week: DecisionTimes;
  month: DecisionTimes;
  /** Share (0–1) of the last 30 days' decisions taken within 48 hours; removal claims only. */
  withinDeadline: number | null;
}

const DAY = 86_400_000;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function queueFigures(db: Database, queue: QueueName, now: Date): Promise<QueueFigures> {
  const { table: t, where } = queueSource(queue);
  const entry = QUEUE_ENTRIES[queue];
  const week = new Date(now.getTime() - 7 * DAY);
  const month = new Date(now.getTime() - 30 * DAY);
  const seconds = sql`extract(epoch from (${t.decidedAt} - ${t.createdAt}))`;
  const inWeek = sql`${t.decidedAt} >= ${week.toISOString()}`;
  const [[open], [overdue], [times]] = await Promise.all([
    db
      .select({ n: count() })
      .from(t)
      .where(and(where, eq(t.status, "open"))),
    entry.deadline
      ? db
          .select({ n: count() })
          .from(t)
          .where(and(where, eq(t.status, "open"), lt(t.deadlineAt, now)))
      : Promise.resolve([null]),
    db
      .select({
        week: sql`count(*) filter (where ${inWeek})`,
        weekMedian: sql`percentile_cont(0.5) within group (order by ${seconds}) filter (where ${inWeek})`,
        weekP95: sql`percentile_cont(0.95) within group (order by ${seconds}) filter (where ${inWeek})`,
        month: count(),
        monthMedian: sql`percentile_cont(0.5) within group (order by ${seconds})`,
        monthP95: sql`percentile_cont(0.95) within group (order by ${seconds})`,
        withinDeadline: sql`count(*) filter (where ${t.decidedAt} <= ${t.createdAt} + interval '48 hours')`,
      })
      .from(t)
      .where(and(where, gte(t.decidedAt, month))),
  ]);
  const monthCount = Number(times?.month ?? 0);
  return {
    queue,
    open: open?.n ?? 0,
    overdue: overdue ? overdue.n : null,
    week: { decided: Number(times?.week ?? 0), median: num(times?.weekMedian), p95: num(times?.weekP95) },
    month: { decided: monthCount, median: num(times?.monthMedian), p95: num(times?.monthP95) },
    withinDeadline: entry.notice && monthCount > 0 ? Number(times?.withinDeadline ?? 0) / monthCount : null,
  };
}

export async function deskFigures(db: Database, now = new Date()): Promise<QueueFigures[]> {
  return Promise.all(QUEUES.map((queue) => queueFigures(db, queue, now)));
}
