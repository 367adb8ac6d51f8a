import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  contactMessages,
  contentClaims,
  contentReports,
  contentSubmissions,
  partnershipApplications,
  user,
  FORM_STATUSES,
  type FormStatus,
} from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import { DEADLINE_HOURS, DUE_SOON_HOURS } from "./deadline";

export const QUEUES = ["submissions", "reports", "claims-partnership", "claims-removal", "contact", "partnerships"] as const;
export type QueueName = (typeof QUEUES)[number];
export const STATE_FILTERS = ["open", "resolved", "rejected", "all"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const QUEUE_PAGE_SIZE = 20;
export { DEADLINE_HOURS, DUE_SOON_HOURS };

type ModerationTable = PgTable & { id: PgColumn; status: PgColumn; moderatorNote: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

interface QueueDef {
  table: ModerationTable;
  /** Extra condition (claims are split by position). */
  where?: SQL;
  /** Reports and removal claims run against the 48-hour deadline. */
  deadline: boolean;
  hasClip: boolean;
}

const DEFS: Record<QueueName, QueueDef> = {
  submissions: { table: contentSubmissions as unknown as ModerationTable, deadline: false, hasClip: false },
  reports: { table: contentReports as unknown as ModerationTable, deadline: true, hasClip: true },
  "claims-partnership": {
    table: contentClaims as unknown as ModerationTable,
    where: eq(contentClaims.position, "partnership"),
    deadline: false,
    hasClip: true,
  },
  "claims-removal": {
    table: contentClaims as unknown as ModerationTable,
    where: eq(contentClaims.position, "removal"),
    deadline: true,
    hasClip: true,
  },
  contact: { table: contactMessages as unknown as ModerationTable, deadline: false, hasClip: false },
  partnerships: { table: partnershipApplications as unknown as ModerationTable, deadline: false, hasClip: false },
};

export const isQueue = (value: unknown): value is QueueName => (QUEUES as readonly unknown[]).includes(value);
export const stateFilter = (value: string | null): StateFilter =>
  (STATE_FILTERS as readonly string[]).includes(value ?? "") ? (value as StateFilter) : "open";
export const queueHasDeadline = (queue: QueueName) => DEFS[queue].deadline;
export const queueHasClip = (queue: QueueName) => DEFS[queue].hasClip;

const deadlineCutoff = (now: Date) => new Date(now.getTime() - DEADLINE_HOURS * 3600_000);

export type QueueRow = Record<string, unknown> & { id: string; status: FormStatus; createdAt: string; overdue: boolean };

function serialise(row: Record<string, unknown>, overdue: boolean): QueueRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return { ...(out as QueueRow), overdue };
}

/** One page of a queue, newest first; in deadline queues overdue open items come first. */
export async function queuePage(db: Database, queue: QueueName, state: StateFilter, page: number, now = new Date()) {
  const def = DEFS[queue];
  const t = def.table;
  const conditions = [def.where, state === "all" ? undefined : eq(t.status, state)].filter(Boolean) as SQL[];
  const where = conditions.length ? and(...conditions) : undefined;
  const cutoff = deadlineCutoff(now);
  const dueSoon = new Date(cutoff.getTime() + (DEADLINE_HOURS - DUE_SOON_HOURS) * 3600_000);
  // Deadline queues: overdue items first, then those due soon, each most urgent (oldest) first; then
  // the rest newest first. Both urgent groups are the oldest open rows, read through the
  // status/created_at index like the rest.
  const urgency = sql`case when ${t.status} <> 'open' then 0 when ${t.createdAt} < ${cutoff.toISOString()} then 2 when ${t.createdAt} < ${dueSoon.toISOString()} then 1 else 0 end`;
  const order = def.deadline
    ? [desc(urgency), sql`case when ${urgency} > 0 then ${t.createdAt} end asc`, desc(t.createdAt), desc(t.id)]
    : [desc(t.createdAt), desc(t.id)];
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => {
      const row = r as Record<string, unknown> & { status: string; createdAt: Date };
      return serialise(row, def.deadline && row.status === "open" && row.createdAt < cutoff);
    }),
  };
}

export interface QueueCounts {
  queue: QueueName;
  open: number;
  resolved: number;
  rejected: number;
  overdue: number;
  deadline: boolean;
}

/** Counts per queue and state for the dashboard (grouped in SQL over the status index). */
export async function dashboardCounts(db: Database, now = new Date()): Promise<QueueCounts[]> {
  const cutoff = deadlineCutoff(now).toISOString();
  const out: QueueCounts[] = [];
  for (const queue of QUEUES) {
    const def = DEFS[queue];
    const t = def.table;
    const rows = await db
      .select({ status: t.status, n: count(), overdue: sql<number>`count(*) filter (where ${t.createdAt} < ${cutoff})`.mapWith(Number) })
      .from(t)
      .where(def.where)
      .groupBy(t.status);
    const counts: QueueCounts = { queue, open: 0, resolved: 0, rejected: 0, overdue: 0, deadline: def.deadline };
    for (const r of rows) {
      const status = r.status as FormStatus;
      if (FORM_STATUSES.includes(status)) counts[status] = r.n;
      if (status === "open" && def.deadline) counts.overdue = r.overdue;
    }
    out.push(counts);
  }
  return out;
}

export async function queueItem(db: Database, queue: QueueName, id: string, now = new Date()) {
  if (!isUuidV4(id)) return null;
  const def = DEFS[queue];
  const t = def.table;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), ...(def.where ? [def.where] : [])))
    .limit(1);
  if (!row) return null;
  const r = row as Record<string, unknown> & { status: string; createdAt: Date };
  return serialise(r, def.deadline && r.status === "open" && r.createdAt < deadlineCutoff(now));
}

const targetType = (queue: QueueName) => (queue.startsWith("claims-") ? "claim" : queue);

export async function saveNote(db: Database, actor: Actor, queue: QueueName, id: string, note: string) {
  if (!isUuidV4(id)) return false;
  const t = DEFS[queue].table;
  const value = note.trim().slice(0, 5000) || null;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(t)
      .set({ moderatorNote: value, updatedAt: new Date() } as never)
      .where(and(eq(t.id, id), ...(DEFS[queue].where ? [DEFS[queue].where!] : [])))
      .returning({ id: t.id });
    if (changed.length === 0) return false;
    await writeAudit(tx, actor, { action: "note_saved", targetType: targetType(queue), targetId: id, note: value });
    return true;
  });
}

export async function setStatus(db: Database, actor: Actor, queue: QueueName, id: string, status: "resolved" | "rejected") {
  if (!isUuidV4(id)) return false;
  const t = DEFS[queue].table;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(t)
      .set({ status, updatedAt: new Date() } as never)
      .where(and(eq(t.id, id), ...(DEFS[queue].where ? [DEFS[queue].where!] : [])))
      .returning({ id: t.id });
    if (changed.length === 0) return false;
    await writeAudit(tx, actor, { action: status, targetType: targetType(queue), targetId: id });
    return true;
  });
}

/** The e-mail of the signed-in user who sent an item, so the moderator sees a person, not an id. */
export async function senderEmail(db: Database, userId: unknown): Promise<string | null> {
  if (typeof userId !== "string" || userId === "") return null;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}
