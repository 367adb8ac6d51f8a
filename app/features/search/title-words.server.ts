import { and, arrayOverlaps, asc, desc, eq, sql } from "drizzle-orm";
import { titleWordCounts, titleWords, type Audience } from "~schema";
import type { Database } from "~/lib/database";

// Title matches through title_words (ADR 039). A title contains the term only if it has a word
// that each of the term's pieces is (a piece between separators), ends (the first piece, when the
// term starts with a letter or digit), starts (the last piece) or lies inside (a term of one
// piece). So the newest titles containing the term are among the listings of the words one piece
// can be: the search walks those listings newest first, checks the whole term against the
// title kept in the listing, and stops at the newest `limit` matches.

/** Above this many words for its rarest piece a term is looked up by title trigrams instead. */
export const MAX_DRIVER_WORDS = 8;

/** The same split as title_words_of() in the migration: anything not a letter or digit separates words. */
const SEPARATORS = "[^[:alnum:]]+";

/**
 * How a title search for `pattern` runs: no title can match (`none`); walk these words' listings
 * (`words`); or the term has no piece the listings can find (only digits, or pieces matching too
 * many words), so the trigram index answers (`trigram`).
 */
export type TitleDriver = { kind: "none" } | { kind: "words"; words: string[] } | { kind: "trigram" };

interface PieceWord {
  piece: number;
  word: string | null;
  clips: number;
}

/**
 * Chooses the piece of the term whose words have the fewest clips. `term` is the lower-cased term
 * as the title is compared with it (before LIKE escaping); the pieces are split in SQL, by the
 * expression that split the titles.
 */
export async function titleDriver(db: Database, term: string): Promise<TitleDriver> {
  const result = await db.execute(sql`
    with parts as (
      select part, n, count(*) over () as total
      from regexp_split_to_table(${term}::text, ${SEPARATORS}) with ordinality as s(part, n)
    ),
    pieces as (
      select n, (case when n = 1 then '%' else '' end) || part || (case when n = total then '%' else '' end) as pattern
      from parts
      where part <> '' and part !~ '^[0-9]+$'
    )
    select p.n::int as piece, v.word, coalesce(v.clips, 0)::int as clips
    from pieces p left join ${titleWordCounts} v on v.word like p.pattern and v.clips > 0`);
  const rows = (result as unknown as { rows: PieceWord[] }).rows;
  const pieces = new Map<number, { words: string[]; clips: number }>();
  for (const row of rows) {
    const piece = pieces.get(row.piece) ?? { words: [], clips: 0 };
    if (row.word !== null) {
      piece.words.push(row.word);
      piece.clips += row.clips;
    }
    pieces.set(row.piece, piece);
  }
  if (pieces.size === 0) return { kind: "trigram" };
  // A piece that is no title's word (nor starts, ends or lies inside one) rules every title out.
  if ([...pieces.values()].some((piece) => piece.words.length === 0)) return { kind: "none" };
  const usable = [...pieces.values()].filter((piece) => piece.words.length <= MAX_DRIVER_WORDS);
  if (usable.length === 0) return { kind: "trigram" };
  const rarest = usable.reduce((best, piece) => (piece.clips < best.clips ? piece : best));
  return { kind: "words", words: rarest.words.sort() };
}

/**
 * Ids of the newest `limit` listed clips of the audience whose lower-cased title contains the
 * term (`likePattern`: the lower-cased, LIKE-escaped term), from the driver's word listings:
 * each a short index-only range of title_words_listing_idx.
 */
export async function newestTitleMatches(
  db: Database,
  input: { words: string[]; likePattern: string; audience: Audience; limit: number },
): Promise<string[]> {
  const newest = [desc(titleWords.publishedAt), asc(titleWords.clipId)] as const;
  const listing = (word: string) =>
    db
      .select({ clipId: titleWords.clipId, publishedAt: titleWords.publishedAt })
      .from(titleWords)
      .where(
        and(
          eq(titleWords.word, word),
          eq(titleWords.listed, true),
          arrayOverlaps(titleWords.audiences, [input.audience]),
          sql`${titleWords.title} like '%' || ${input.likePattern} || '%'`,
        ),
      )
      .orderBy(...newest)
      .limit(input.limit);
  if (input.words.length === 1) return (await listing(input.words[0]!)).map((row) => row.clipId);
  // A title may hold two of the words: the union keeps each clip once, newest first.
  const listings = input.words.map((word) => sql`(${listing(word)})`);
  const result = await db.execute(sql`
    select clip_id from (${sql.join(listings, sql` union `)}) as hits
    order by published_at desc, clip_id limit ${input.limit}`);
  return (result as unknown as { rows: { clip_id: string }[] }).rows.map((row) => row.clip_id);
}
