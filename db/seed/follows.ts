// `npm run seed -- --creators N --follows M`: synthetic creators ('Bench creator 1' …) that take over a share of the
// clips, M anonymous follows spread over every creator, and a bench follower who follows as many creators as one
// follower may (500, the newest clip of each first in line) — for the follow pages of `npm run bench:queries`.
import { sql } from "drizzle-orm";
import type { Database } from "../../app/lib/database";
import type { Logger } from "../../app/lib/logger.server";

export const BENCH_FOLLOWER_ID = "seed-bench-follower";
/** As many creators as one follower may follow (MAX_FOLLOWS in app/features/follows/follows.server.ts). */
const FOLLOWED = 500;

export async function seedBenchFollows(db: Database, options: { creators: number; follows: number }, log?: Logger) {
  const started = Date.now();
  await db.transaction(async (tx) => {
    // Row triggers off: the counters are rebuilt from the rows at the end (rebuild_catalogue_counters).
    await tx.execute(sql`set local session_replication_role = replica`);
    if (options.creators > 0) {
      await tx.execute(sql`
        insert into creators (slug, name, bio)
        select 'bench-creator-' || n, 'Bench creator ' || n, 'A synthetic creator for the benchmarks.'
        from generate_series(1, ${options.creators}) as n
        on conflict do nothing`);
      // Every clip whose id hashes to a bench creator moves to it: the clips spread over the creators.
      await tx.execute(sql`
        with bench as (select id, row_number() over (order by slug) - 1 as k from creators where slug like 'bench-creator-%'),
        total as (select count(*) as n from bench)
        update clips c set creator_id = b.id
        from bench b, total t
        where b.k = abs(hashtext(c.id::text)) % (t.n * 2) and abs(hashtext(c.id::text)) % (t.n * 2) < t.n`);
    }
    log?.info({ seconds: Math.round((Date.now() - started) / 1000) }, "bench creators made");
    if (options.follows > 0) {
      await tx.execute(sql`
        with pool as (select array_agg(id) as ids from creators)
        insert into creator_follows (creator_id, anonymous_id, created_at)
        select pool.ids[1 + floor(random() * array_length(pool.ids, 1))::int], gen_random_uuid(), now() - random() * interval '60 days'
        from pool, generate_series(1, ${options.follows})`);
    }
    await tx.execute(sql`
      insert into "user" (id, name, email, email_verified)
      values (${BENCH_FOLLOWER_ID}, 'Bench Follower', 'bench-follower@example.com', true)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into creator_follows (creator_id, user_id, created_at)
      select id, ${BENCH_FOLLOWER_ID}, now() - random() * interval '60 days'
      from creators c
      where not exists (select 1 from creator_follows f where f.creator_id = c.id and f.user_id = ${BENCH_FOLLOWER_ID})
      order by c.slug not like 'bench-creator-%' desc, c.slug
      limit ${FOLLOWED}`);
    await tx.execute(sql`
      update creators c set followers_count = coalesce((select count(*) from creator_follows f where f.creator_id = c.id), 0)`);
  });
  await db.execute(sql`select rebuild_catalogue_counters()`);
  log?.info({ seconds: Math.round((Date.now() - started) / 1000) }, "follows seeded, counters rebuilt");
}
