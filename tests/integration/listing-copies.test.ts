import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, clips, user, userFlameCounts } from "~schema";
import { deleteAccount } from "~/features/accounts/account.server";
import { flamedClips } from "~/features/flames/flamed-clips.server";
import { mergeAnonymousFlames, setFlame } from "~/features/flames/flames.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows.map((row) => JSON.stringify(row));
const numberOf = (result: unknown) => Number(Object.values((result as Rows).rows[0]!)[0]);

/**
 * What the triggers of ADR 039 and ADR 047 keep, compared with a recount from the catalogue: the
 * liked-videos counters, the copies and flame bands on signed-in flames, the title words.
 */
async function drift(handle: DatabaseHandle) {
  const { db } = handle;
  const [stored, recount, wrongCopies, wrongWords, wrongWordCounts] = await Promise.all([
    db.execute(sql`
      select user_id, audience, category_id, flames from user_flame_counts where flames <> 0 order by 1, 2, 3`),
    db.execute(sql`
      select f.user_id, a as audience, c.category_id, count(*)::int as flames
      from user_flames f join clips c on c.id = f.clip_id cross join lateral (select distinct unnest(c.audiences || '{*}'::text[])) x(a)
      where f.user_id is not null and c.status = 'published' group by 1, 2, 3 order by 1, 2, 3`),
    db.execute(sql`
      select count(*)::int from user_flames f join clips c on c.id = f.clip_id
      where f.user_id is not null and (f.listed <> (c.status = 'published') or f.audiences <> c.audiences
        or f.category_id <> c.category_id or c.flames not between f.clip_flames_lo and f.clip_flames_hi)`),
    db.execute(sql`
      select count(*)::int from (
        (select c.id, w, c.status = 'published', c.published_at, c.audiences, lower(c.title) from clips c, title_words_of(c.title) w
         except select clip_id, word, listed, published_at, audiences, title from title_words)
        union all
        (select clip_id, word, listed, published_at, audiences, title from title_words
         except select c.id, w, c.status = 'published', c.published_at, c.audiences, lower(c.title) from clips c, title_words_of(c.title) w)
      ) differences`),
    db.execute(sql`
      select count(*)::int from (
        (select word, clips from title_word_counts where clips <> 0 except select word, count(*)::int from title_words group by word)
        union all
        (select word, count(*)::int from title_words group by word except select word, clips from title_word_counts where clips <> 0)
      ) differences`),
  ]);
  return {
    counters: { stored: rowsOf(stored), recount: rowsOf(recount) },
    wrongCopies: numberOf(wrongCopies),
    wrongWords: numberOf(wrongWords),
    wrongWordCounts: numberOf(wrongWordCounts),
  };
}

describe(`listing copies and counters on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const users: string[] = [];
  let clipIds: string[] = [];

  const makeUser = async () => {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "", email: `${id}@example.com` });
    users.push(id);
    return id;
  };
  const flame = (clipId: string, owner: { userId: string } | { anonymousId: string }, flamed = true) =>
    setFlame(handle.db, { clipId, flameOwner: owner, flamed });
  const expectInStep = async () => {
    const found = await drift(handle);
    expect(found.counters.stored).toEqual(found.counters.recount);
    expect(found).toMatchObject({ wrongCopies: 0, wrongWords: 0, wrongWordCounts: 0 });
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    clipIds = [
      ...(await makeClips(handle.db, 6)),
      ...(await makeClips(handle.db, 2, { audiences: ["gay", "trans"] })),
      ...(await makeClips(handle.db, 1, { title: "Cobalt Spiral 07" })),
    ].map((clip) => clip.id);
    await makeUser();
    await makeUser();
  });
  afterAll(() => handle?.close());

  it("start in step with the catalogue", async () => {
    await expectInStep();
    const words = await handle.db.execute(sql`select word from title_words where clip_id = ${clipIds[8]} order by word`);
    // Digits-only words are left to the trigram index.
    expect(rowsOf(words)).toEqual(['{"word":"cobalt"}', '{"word":"spiral"}']);
  });

  it("follow flames and unflames of signed-in users, and ignore anonymous ones", async () => {
    for (const clipId of clipIds) await flame(clipId, { userId: users[0]! });
    for (const clipId of clipIds.slice(0, 4)) await flame(clipId, { userId: users[1]! });
    await flame(clipIds[0]!, { anonymousId: randomUUID() });
    await expectInStep();
    await flame(clipIds[1]!, { userId: users[1]! }, false);
    await expectInStep();
    const [row] = await handle.db
      .select({ flames: sql<number>`sum(${userFlameCounts.flames})`.mapWith(Number) })
      .from(userFlameCounts)
      .where(sql`${userFlameCounts.userId} = ${users[1]} and ${userFlameCounts.audience} = '*'`);
    expect(row?.flames).toBe(3);
  });

  it("keep every band around its clip's count while anonymous flames move it up and down", async () => {
    const visitors = Array.from({ length: 60 }, () => randomUUID());
    for (const anonymousId of visitors) await flame(clipIds[2]!, { anonymousId });
    await expectInStep();
    for (const anonymousId of visitors.slice(0, 45)) await flame(clipIds[2]!, { anonymousId }, false);
    await expectInStep();
    // A count set directly (an import, the admin CLI) is followed too.
    await handle.db.update(clips).set({ flames: 5000 }).where(eq(clips.id, clipIds[3]!));
    await expectInStep();
    await handle.db.update(clips).set({ flames: 3 }).where(eq(clips.id, clipIds[3]!));
    await expectInStep();
  });

  it("follow a clip hidden, published again, moved to other audiences and another category, and retitled", async () => {
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, clipIds[0]!));
    await expectInStep();
    await handle.db
      .update(clips)
      .set({ status: "published", audiences: ["trans"] })
      .where(eq(clips.id, clipIds[0]!));
    await expectInStep();
    const [other] = await handle.db
      .insert(categories)
      .values({ slug: `other-${randomUUID().slice(0, 8)}`, nameEn: "Other", nameEs: "Otra", color: "#000" })
      .returning();
    await handle.db
      .update(clips)
      .set({ categoryId: other!.id, publishedAt: new Date(0) })
      .where(eq(clips.id, clipIds[4]!));
    await expectInStep();
    await handle.db.update(clips).set({ title: "Velvet Drift 99" }).where(eq(clips.id, clipIds[8]!));
    await expectInStep();
  });

  it("follow anonymous flames merged into an account on sign-in", async () => {
    const anonymousId = randomUUID();
    for (const clipId of clipIds.slice(3, 7)) await flame(clipId, { anonymousId });
    // users[1] had liked clip 3 already: the merge keeps one flame.
    await mergeAnonymousFlames(handle.db, { anonymousId, userId: users[1]! });
    await expectInStep();
  });

  it("follow a deleted clip and a deleted account, whose counters go with it", async () => {
    await handle.db.delete(clips).where(eq(clips.id, clipIds[5]!));
    await expectInStep();
    await deleteAccount(handle.db, users[0]!);
    await expectInStep();
    const left = await handle.db.select().from(userFlameCounts).where(eq(userFlameCounts.userId, users[0]!));
    expect(left).toEqual([]);
  });

  it("list 'most flames' exactly as sorting every liked clip would, across band edges and pages", async () => {
    const liker = await makeUser();
    const many = await makeClips(handle.db, 25);
    // Counts around and across band edges (16, 32, …), with ties.
    const counts = [0, 1, 15, 16, 17, 31, 32, 33, 33, 33, 47, 48, 100, 101, 150, 500, 501, 7, 7, 16, 64, 63, 65, 1000, 999];
    for (const [i, clip] of many.entries()) {
      await handle.db.update(clips).set({ flames: counts[i]! }).where(eq(clips.id, clip.id));
      await flame(clip.id, { userId: liker });
    }
    // Other people's flames move some counts after the likes.
    for (const clip of many.slice(10, 16)) for (let n = 0; n < 9; n++) await flame(clip.id, { anonymousId: randomUUID() });
    await expectInStep();
    const expected = (
      (await handle.db.execute(sql`
        select f.clip_id from user_flames f join clips c on c.id = f.clip_id
        where f.user_id = ${liker} and c.status = 'published' and c.audiences && array['hetero']::text[]
        order by c.flames desc, f.created_at desc, f.id desc`)) as unknown as { rows: { clip_id: string }[] }
    ).rows.map((row) => row.clip_id);
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        flamedClips(handle.db, {
          userId: liker,
          audience: "hetero",
          category: null,
          sort: "flames",
          everyAudience: false,
          page,
          mediaAllowed: true,
        }),
      ),
    );
    expect(pages.flatMap((page) => page.videos.map((video) => video.clip.id))).toEqual(expected);
    expect(pages[0]).toMatchObject({ total: 25, totalAll: 25, hidden: 0, totalPages: 3 });
  });
});
