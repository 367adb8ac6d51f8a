import { inArray, sql } from "drizzle-orm";
import { clips } from "~schema";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { perDatabase } from "~/lib/db/engine.server";
import { clipCardFrom, tagsForClips, type ClipCardRow, type TagChip } from "~/features/clips/index.server";
import { onHeardFlamesForgotten } from "~/features/flames/index.server";
import type { RankedClip } from "./rank-score";
import type { VisitorHistory } from "./rank.server";

// What /api/feed's "For you" keeps between requests (ADR 199), per process and per database:
//
// - the visitor's next ranked pages, under a key naming the visitor — their account or `spicy_uid` with the version
//   of what the feed knows of them (visitor_signal_versions, moved by triggers whenever their weights, dismissals or
//   events change), or for a visitor without a profile their feed seed — with the catalogue's generation, the
//   filter and the seed. Personal: only a request carrying the same key reads it; a signal committed through any
//   server moves the version, so the next request of the visitor on any server ranks anew. Kept a few seconds.
// - the cards of clips (catalogue data, no one's), the names the reasons mention, per generation and language.

/**
 * How long a visitor's ranked pages are kept. Nothing of theirs ages in that time: any signal, mark or removal moves
 * their version (the key), and their weights' half-life is two days. What ages is shared — the hot scores, the clips
 * published meanwhile — and the pools it comes from are kept as long (a taste's shared clips, the cards: 60 s).
 */
const ORDER_TTL_MS = 60_000;
/**
 * Each kept order ends at its own moment within the last quarter of its life: orders made together (a burst of
 * visitors, a server's first minute) are not all ranked anew in the same second.
 */
const ORDER_TTL_SPREAD = 0.25;
/**
 * How long a newcomers' shared order is kept (ADR 232): nothing of theirs decays, so only the shared pools it was
 * ranked from move meanwhile, and those are kept as long (rank.server.ts).
 */
export const NEWCOMER_ORDER_TTL_MS = 15_000;
const MAX_ORDERS = 20_000;
/**
 * How long a card is kept within one generation: its view count may lag by this much, as the feed pools' do
 * (POOL_TTL_MS in feed-cache.server.ts). Newcomers' pages draw from thousands of clips, so a shorter life read
 * most of them afresh for each page (ADR 225).
 */
export const CARD_TTL_MS = 60_000;
const MAX_CARDS = 50_000;

/** The visitor's ranked feed from position `from` on, as one ranking made it, and what it was made with. */
export interface VisitorOrder {
  /** The clips the feed held before `from` (the lead and the clips the browser named), in order. */
  before: string[];
  from: number;
  ranked: RankedClip[];
  history: VisitorHistory;
}

class VisitorOrders {
  private readonly entries = new Map<string, { until: number; order: VisitorOrder }>();

  get(key: string): VisitorOrder | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.order;
  }

  set(key: string, order: VisitorOrder, ttlMs: number = ORDER_TTL_MS): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ORDERS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { until: Date.now() + ttlMs * (1 - ORDER_TTL_SPREAD * Math.random()), order });
  }
}

/**
 * Whether the feed knows nothing of the visitor: no event, weight or dismissal (a first visit, a visitor under GPC/DNT,
 * or one whose signals are all gone). Only such a visitor's order is a function of the catalogue and a seed alone.
 */
export function knowsNothingOf(history: VisitorHistory): boolean {
  const { profile } = history;
  return (
    history.known.size === 0 &&
    history.seen.size === 0 &&
    history.dismissed.size === 0 &&
    profile.category.size === 0 &&
    profile.creator.size === 0 &&
    profile.tag.size === 0
  );
}

/** The process's ranked pages per visitor key, for this database. */
export const visitorOrdersOf = perDatabase("visitor-feed-orders", () => new VisitorOrders());

/**
 * The page of positions [start, end) from a kept order, when the browser's feed agrees with it: the order covers the
 * page, none of its clips is one the browser holds, and the two clips before the page are the order's (the creator
 * rule runs across pages). Otherwise undefined: the page is ranked anew.
 */
export function pageFromOrder(order: VisitorOrder, input: { start: number; end: number; before: string[] }): RankedClip[] | undefined {
  const { start, end, before } = input;
  if (start < order.from || end - order.from > order.ranked.length) return undefined;
  const sequence = [...order.before, ...order.ranked.slice(0, start - order.from).map((clip) => clip.id)];
  const last = (list: string[]) => list.slice(-2).join(",");
  if (last(sequence) !== last(before)) return undefined;
  const held = new Set(before);
  const page = order.ranked.slice(start - order.from, end - order.from);
  return page.some((clip) => held.has(clip.id)) ? undefined : page;
}

/** A kept card: its row, its tags in one language, and when it was read. */
export type KeptCard = { at: number; row: ClipCardRow; tags: TagChip[] };
type CardEntry = KeptCard & { generation: number };

class CardCache {
  private readonly cards = new Map<string, CardEntry>();
  private readonly names = new Map<string, { generation: number; name: string; slug: string }>();

  constructor(private readonly db: Database) {
    // A card's flame count is exact only with every flame heard since it was read (as the feed pools').
    onHeardFlamesForgotten(() => this.cards.clear());
  }

  /**
   * The cards of these clips with their tags in the language, read for those not kept (two statements), each with
   * when it was read.
   */
  async cardsOf(ids: string[], language: Language, generation: number): Promise<Map<string, KeptCard>> {
    const now = Date.now();
    const found = new Map<string, KeptCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const entry = this.cards.get(`${language}:${id}`);
      if (entry && entry.generation === generation && now - entry.at < CARD_TTL_MS) found.set(id, entry);
      else missing.push(id);
    }
    if (missing.length) {
      const [rows, chips] = await Promise.all([
        clipCardFrom(this.db).where(inArray(clips.id, missing)),
        tagsForClips(this.db, missing, language),
      ]);
      for (const row of rows) {
        const entry = { generation, at: now, row, tags: chips.get(row.id) ?? [] };
        const key = `${language}:${row.id}`;
        this.cards.delete(key);
        if (this.cards.size >= MAX_CARDS) this.cards.delete(this.cards.keys().next().value!);
        this.cards.set(key, entry);
        found.set(row.id, entry);
      }
    }
    return found;
  }

  /** The names of categories, creators and tags in the language, read for those not kept (one statement). */
  async namesOf(ids: string[], language: Language, generation: number): Promise<Map<string, { name: string; slug: string }>> {
    const found = new Map<string, { name: string; slug: string }>();
    const missing: string[] = [];
    for (const id of ids) {
      const entry = this.names.get(`${language}:${id}`);
      if (entry && entry.generation === generation) found.set(id, entry);
      else missing.push(id);
    }
    if (missing.length) {
      const list = `{${missing.join(",")}}`;
      const localName = sql.raw(language === "es" ? "name_es" : "name_en");
      const result = (await this.db.execute(sql`
        select id, slug, ${localName} as name from categories where id = any(${list}::uuid[])
        union all select id, slug, name from creators where id = any(${list}::uuid[])
        union all select id, slug, ${localName} as name from tags where id = any(${list}::uuid[])`)) as unknown as
        { rows: { id: string; slug: string; name: string }[] } | { id: string; slug: string; name: string }[];
      const rows = Array.isArray(result) ? result : result.rows;
      if (this.names.size > MAX_CARDS) this.names.clear();
      for (const row of rows) {
        this.names.set(`${language}:${row.id}`, { generation, name: row.name, slug: row.slug });
        found.set(row.id, row);
      }
    }
    return found;
  }
}

/** The process's kept cards and names, for this database (shared: catalogue data only). */
export const feedCardsOf = perDatabase("feed-cards", (db) => new CardCache(db));
