import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { clips, user, type FormStatus } from "~schema";
import { QUEUES, type QueueName } from "~/features/forms";
import { queueCard, queueSource } from "~/features/forms/index.server";
import type { Database } from "~/lib/database";

// The desk's lists: one queue, or every queue at once for a search. Each queue is one SELECT of the
// same card columns over its own table (the form registry says which), the queues together one
// UNION ALL, ordered and limited in SQL. Searches read each table's trigram index on its
// generated search_text column.

export { QUEUES, isQueue, type QueueName } from "~/features/forms";
export const STATE_FILTERS = ["open", "resolved", "rejected", "all"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const SORTS = ["deadline", "newest", "oldest"] as const;
export type Sort = (typeof SORTS)[number];
export const QUEUE_PAGE_SIZE = 20;
/** Trigram indexes need three characters to narrow a search. */
export const SEARCH_MIN = 3;

export const stateFilter = (value: string | null): StateFilter => STATE_FILTERS.find((s) => s === value) ?? "open";
/** Open items default to the most urgent first; decided ones to the newest. */
export const sortParam = (value: string | null, state: StateFilter): Sort =>
  SORTS.find((s) => s === value) ?? (state === "open" ? "deadline" : "newest");

export interface QueueCard {
  queue: QueueName;
  id: string;
  status: FormStatus;
  createdAt: string;
  deadlineAt: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** What the item is about: a report's description, a message's subject and text… cut for the list. */
  summary: string;
  link: string | null;
  /** The address the sender gave, or their account's. */
  email: string | null;
  name: string | null;
  attachment: string | null;
  clip: { id: string; title: string; slug: string; status: string; hasThumbnail: boolean } | null;
}

/** `%`, `_` and `\` match themselves in the search. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function branch(db: Database, queue: QueueName, state: StateFilter, q: string | null) {
  const { table: t, where } = queueSource(queue);
  const card = queueCard(queue);
  const conditions: (SQL | undefined)[] = [
    where,
    state === "all" ? undefined : eq(t.status, state),
    q ? sql`${t.searchText} like ${likePattern(q)}` : undefined,
  ];
  return db
    .select({
      queue: sql<QueueName>`${queue}::text`,
      id: t.id,
      status: t.status,
      createdAt: t.createdAt,
      deadlineAt: t.deadlineAt,
      decidedAt: t.decidedAt,
      decisionReason: t.decisionReason,
      userId: t.userId,
      summary: card.summary,
      link: card.link,
      email: card.email,
      name: card.name,
      clipId: card.clipId,
      attachment: card.attachment,
    })
    .from(t)
    .where(and(...conditions));
}

const ORDER: Record<Sort, SQL[]> = {
  // Items with a clock first, soonest deadline first (overdue ones lead); the rest oldest first.
  deadline: [sql`deadline_at is null`, sql`deadline_at asc`, sql`created_at asc`, sql`id asc`],
  newest: [sql`created_at desc`, sql`id desc`],
  oldest: [sql`created_at asc`, sql`id asc`],
};

export interface ListQuery {
  /** One queue, or null for all of them (the desk's search). */
  queue: QueueName | null;
  state: StateFilter;
  sort: Sort;
  q: string | null;
  page: number;
  /** Leave this item out (the one just decided, when looking for the next). */
  exclude?: string;
}

/** One page of cards, and whether another follows (one row more is read instead of counting them all). */
export async function listItems(db: Database, query: ListQuery): Promise<{ items: QueueCard[]; hasNext: boolean }> {
  const queues = query.queue ? [query.queue] : [...QUEUES];
  const branches = queues.map((queue) => branch(db, queue, query.state, query.q));
  const [head, ...rest] = branches;
  const union = rest.length > 0 ? unionAll(head!, rest[0]!, ...rest.slice(1)) : head!;
  const rows = await union
    .orderBy(...ORDER[query.sort])
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((query.page - 1) * QUEUE_PAGE_SIZE);
  const page = rows.filter((r) => r.id !== query.exclude).slice(0, QUEUE_PAGE_SIZE);
  const [clipRows, senders] = await Promise.all([
    clipsById(
      db,
      page.map((r) => r.clipId).filter((id): id is string => id !== null),
    ),
    accountEmails(
      db,
      page.filter((r) => !r.email && r.userId).map((r) => r.userId!),
    ),
  ]);
  return {
    hasNext: rows.length > QUEUE_PAGE_SIZE,
    items: page.map((r) => ({
      queue: r.queue,
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      deadlineAt: r.deadlineAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      summary: (r.summary ?? "").slice(0, 280),
      link: r.link,
      email: r.email ?? (r.userId ? (senders.get(r.userId) ?? null) : null),
      name: r.name,
      attachment: r.attachment,
      clip: r.clipId ? (clipRows.get(r.clipId) ?? null) : null,
    })),
  };
}

async function clipsById(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, NonNullable<QueueCard["clip"]>>();
  const rows = await db
    .select({ id: clips.id, title: clips.title, slug: clips.slug, status: clips.status, thumbnail: clips.thumbnail1Key })
    .from(clips)
    .where(inArray(clips.id, [...new Set(ids)]));
  return new Map(rows.map(({ thumbnail, ...clip }) => [clip.id, { ...clip, hasThumbnail: thumbnail !== null }]));
}

/** The e-mails of signed-in senders (a deleted account leaves none). */
export async function accountEmails(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/**
 * Counting stops here: a queue with more open items shows "1000+" instead of an exact figure, so the count
 * reads at most this many entries of the status index however far behind the desk is (100 000 open reports
 * took 86–230 ms to count exactly at a million clips; docs/performance.md).
 */
export const OPEN_COUNT_CAP = 1000;

/** Open items of a queue, counted up to OPEN_COUNT_CAP; `more` says the real number is larger. */
export async function openCount(db: Database, queue: QueueName): Promise<{ count: number; more: boolean }> {
  const { table: t, where } = queueSource(queue);
  const open = db
    .select({ one: sql`1`.as("one") })
    .from(t)
    .where(and(where, eq(t.status, "open")))
    .limit(OPEN_COUNT_CAP + 1)
    .as("open_items");
  const [row] = await db.select({ n: count() }).from(open);
  const n = row?.n ?? 0;
  return { count: Math.min(n, OPEN_COUNT_CAP), more: n > OPEN_COUNT_CAP };
}

/** The next open item of a queue in its default order, after one was decided. */
export async function nextOpenItem(db: Database, queue: QueueName, exclude: string): Promise<string | null> {
  const { items } = await listItems(db, { queue, state: "open", sort: "deadline", q: null, page: 1, exclude });
  return items[0]?.id ?? null;
}

/** The open item before or after `id` in the queue's deadline order, for j/k on the item page. */
export async function neighbourItems(db: Database, queue: QueueName, id: string) {
  const { table: t, where } = queueSource(queue);
  const [current] = await db.select({ deadlineAt: t.deadlineAt, createdAt: t.createdAt }).from(t).where(eq(t.id, id)).limit(1);
  if (!current) return { previous: null, next: null };
  // The same order as ORDER.deadline, as a row comparison on (no clock, deadline, created, id).
  const key = sql`(${t.deadlineAt} is null, coalesce(${t.deadlineAt}, 'epoch'::timestamptz), ${t.createdAt}, ${t.id})`;
  const here = sql`(${current.deadlineAt === null}, coalesce(${current.deadlineAt?.toISOString() ?? null}::timestamptz, 'epoch'::timestamptz), ${current.createdAt.toISOString()}::timestamptz, ${id}::uuid)`;
  const open = and(where, eq(t.status, "open"), ne(t.id, id));
  const ordered = [sql`${t.deadlineAt} is null`, asc(t.deadlineAt), asc(t.createdAt), asc(t.id)];
  const [next] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(open, sql`${key} > ${here}`))
    .orderBy(...ordered)
    .limit(1);
  const [previous] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(open, sql`${key} < ${here}`))
    .orderBy(sql`${t.deadlineAt} is not null`, desc(t.deadlineAt), desc(t.createdAt), desc(t.id))
    .limit(1);
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}
