import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, clipTags, consciousPauses, tags, usageSessionCategories, usageSessions, user } from "~schema";
import { seedEmotions } from "../../db/seed/emotions";
import { deleteAccount } from "~/features/accounts/account.server";
import { EXPORT_COVERAGE, memberExport } from "~/features/accounts/data-export.server";
import { recordPause } from "~/features/conscious/pauses.server";
import { saveUsage } from "~/features/conscious/usage.server";
import { setFlame } from "~/features/flames/index.server";
import { setFollow } from "~/features/follows/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

const CONSCIOUS = "brand_mode=conscious";

describe(`"Download my data" on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const rows = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

  it("names every table that has a member's rows: exported, or why not", async () => {
    const found = rows<{ table: string }>(
      await handle.db.execute(sql`select distinct conrelid::regclass::text as "table" from pg_constraint
        where contype = 'f' and confrelid = '"user"'::regclass`),
    ).map((row) => row.table.replaceAll('"', ""));
    expect(found.length).toBeGreaterThan(10);
    const missing = found.filter((table) => !(table in EXPORT_COVERAGE));
    expect(missing, "tables with a user column but no place in the export (data-export.server.ts)").toEqual([]);
  });

  /** A member with a session (moods, intention, "5 more", a category), a pause choice, a flame and a follow. */
  async function member() {
    await seedEmotions(handle.db);
    const [clip] = await makeClips(handle.db, 1);
    const [category] = await handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, clip!.categoryId));
    const email = `exporter-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    await saveUsage(handle.db, userId, {
      seconds: 300,
      startedAt: new Date(Date.now() - 400_000),
      emotionId: 2,
      moodBeforeId: 3,
      categories: [{ slug: category!.slug, seconds: 200 }],
      clips: 12,
      intention: { kind: "clips", target: 10 },
      extensions: 1,
      endedBy: "done",
    });
    await recordPause(handle.db, userId, "closed");
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { userId }, flamed: true });
    const creator = rows<{ slug: string }>(await handle.db.execute(sql`select slug from creators where id = ${clip!.creatorId}`))[0]!.slug;
    await setFollow(handle.db, { creatorSlug: creator, follower: { userId }, following: true });
    return { cookie, userId, clip: clip!, category: category!.slug, creator };
  }

  it("on the companion site holds the member's sessions, moods, intentions and pauses, and nothing adult", async () => {
    const me = await member();
    const someoneElse = await member();
    const res = await fetch(`${app.url}/my-account/data`, { headers: { cookie: `${me.cookie}; ${CONSCIOUS}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="my-data.json"/);
    const text = await res.text();
    const body = JSON.parse(text) as Record<string, unknown> & { consciousMode: { sessions: unknown[]; pauses: unknown[] } };
    expect(body.consciousMode.sessions).toEqual([
      {
        id: expect.any(String),
        startedAt: expect.any(String),
        seconds: 300,
        clips: 12,
        moodBefore: "Curious",
        moodAfter: "Bored",
        intention: { kind: "clips", target: 10 },
        fiveMore: 1,
        endedBy: "done",
        localHour: expect.any(Number),
      },
    ]);
    expect(body.consciousMode.pauses).toEqual([{ outcome: "closed", at: expect.any(String) }]);
    expect(Object.keys(body).sort()).toEqual(["account", "consciousMode", "exportedAt", "premium"]);
    // No clip, creator or category, and no other member's rows.
    for (const adult of [me.clip.slug, me.clip.title, me.creator, me.category, someoneElse.userId]) expect(text).not.toContain(adult);

    const csv = await fetch(`${app.url}/my-account/data?format=csv`, { headers: { cookie: `${me.cookie}; ${CONSCIOUS}` } });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,300,12,Curious,Bored,clips,10,1,done,\d{1,2}$/);
  });

  it("on the adult site holds everything: categories, flames, follows and watch data", async () => {
    const me = await member();
    const res = await fetch(`${app.url}/my-account/data`, { headers: { cookie: me.cookie } });
    const body = (await res.json()) as {
      consciousMode: { sessions: { categories: Record<string, number> }[] };
      flames: { clip: string }[];
      following: { creator: string }[];
      watch: unknown;
      forms: unknown;
    };
    expect(body.consciousMode.sessions[0]!.categories).toEqual({ [me.category]: 200 });
    expect(body.flames.map((f) => f.clip)).toEqual([me.clip.slug]);
    expect(body.following.map((f) => f.creator)).toEqual([me.creator]);
    expect(body.watch).toBeTruthy();
    expect(body.forms).toBeTruthy();
  });

  it("names the watch data's times in ISO 8601 and each weight the feed learned, in both exports", async () => {
    const me = await member();
    const [tag] = await handle.db
      .insert(tags)
      .values({ slug: `t-${randomUUID().slice(0, 8)}`, nameEn: "Rainy evenings", nameEs: "Tardes de lluvia" })
      .returning();
    await handle.db.insert(clipTags).values({ clipId: me.clip.id, tagId: tag!.id });
    const [other] = await makeClips(handle.db, 1);
    const browser = {
      cookie: me.cookie,
      origin: app.url,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    };
    const watch = { clipId: me.clip.id, kind: "watch", watchedMs: 8000, loops: 0, completed: true, skipped: false };
    const sent = await fetch(`${app.url}/api/signals`, {
      method: "POST",
      headers: { ...browser, "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ events: [watch] }),
    });
    expect(sent.status).toBe(204);
    const dismissed = await fetch(`${app.url}/api/feed-choice`, {
      method: "POST",
      headers: browser,
      body: new URLSearchParams({ intent: "dismiss", clipId: other!.id }),
    });
    expect(dismissed.ok).toBe(true);
    const [category] = await handle.db.select().from(categories).where(eq(categories.id, me.clip.categoryId));
    const creator = rows<{ name: string; slug: string }>(
      await handle.db.execute(sql`select name, slug from creators where id = ${me.clip.creatorId}`),
    )[0]!;

    type Watch = {
      watchEvents: { at: string }[];
      watchHistory: { at: string; day: string }[];
      feedAffinities: { facet: string; itemId: string; slug: string; name: string; nameEs?: string; weight: number; updatedAt: string }[];
      notInterested: { at: string }[];
    };
    const full = (await (await fetch(`${app.url}/my-account/data`, { headers: { cookie: me.cookie } })).json()) as { watch: Watch };
    const download = (await (await fetch(`${app.url}/my-account/watch-data`, { headers: { cookie: me.cookie } })).json()) as Watch;
    for (const watchData of [full.watch, download]) {
      const times = [
        ...watchData.watchEvents.map((row) => row.at),
        ...watchData.watchHistory.map((row) => row.at),
        ...watchData.feedAffinities.map((row) => row.updatedAt),
        ...watchData.notInterested.map((row) => row.at),
      ];
      expect(watchData.watchEvents.length * watchData.watchHistory.length * watchData.notInterested.length).toBeGreaterThan(0);
      // ISO 8601 as exportedAt has it, and the same instant: written within the last minute (not shifted by a zone).
      for (const at of times) {
        expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Math.abs(Date.now() - Date.parse(at))).toBeLessThan(60_000);
      }
      expect(watchData.watchHistory[0]!.day).toBe(new Date().toISOString().slice(0, 10));
      // Each weight named: a category's and a tag's names in both languages, a creator's name; and the item's slug.
      const weighed = { weight: expect.any(Number), updatedAt: expect.any(String) };
      expect(watchData.feedAffinities).toContainEqual({
        facet: "category",
        itemId: category!.id,
        slug: category!.slug,
        name: category!.nameEn,
        nameEs: category!.nameEs,
        ...weighed,
      });
      expect(watchData.feedAffinities).toContainEqual({
        facet: "tag",
        itemId: tag!.id,
        slug: tag!.slug,
        name: "Rainy evenings",
        nameEs: "Tardes de lluvia",
        ...weighed,
      });
      expect(watchData.feedAffinities).toContainEqual({
        facet: "creator",
        itemId: me.clip.creatorId,
        slug: creator.slug,
        name: creator.name,
        ...weighed,
      });
      for (const row of watchData.feedAffinities) expect(typeof row.weight).toBe("number");
    }
  });

  it("the deletion dialog says the watch history goes with the account, in English and Spanish", async () => {
    const me = await member();
    const html = async (language: string) =>
      (await fetch(`${app.url}/my-account`, { headers: { cookie: me.cookie, "accept-language": language } })).text();
    const en = await html("en");
    expect(en).toContain(">Permanently delete your account, your liked videos, your watch history and your profile.<");
    expect(en).toContain(
      ">This permanently deletes your account, your liked videos, your watch history, your profile and your usage history.",
    );
    const es = await html("es");
    expect(es).toContain(">Elimina para siempre tu cuenta, tus vídeos favoritos, tu historial de reproducciones y tu perfil.<");
    expect(es).toContain(
      ">Esto elimina para siempre tu cuenta, tus vídeos favoritos, tu historial de reproducciones, tu perfil y tu historial de uso.",
    );
  });

  it("refuses the signed-out and unknown formats with a translated message, never cached", async () => {
    const signedOut = await fetch(`${app.url}/my-account/data`, { headers: { cookie: CONSCIOUS, "accept-language": "es" } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
    expect(((await signedOut.json()) as { error: string }).error).toBe("Inicia sesión para descargar tus datos.");
    const bad = await fetch(`${app.url}/my-account/data?format=xml`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/JSON or CSV/);
  });

  it("is gone with the account: sessions, their categories and pause choices", async () => {
    const me = await member();
    const [session] = await handle.db.select({ id: usageSessions.id }).from(usageSessions).where(eq(usageSessions.userId, me.userId));
    await deleteAccount(handle.db, me.userId);
    expect(await memberExport(handle.db, me.userId, "conscious")).toBeNull();
    expect(await handle.db.select().from(usageSessions).where(eq(usageSessions.userId, me.userId))).toHaveLength(0);
    expect(await handle.db.select().from(usageSessionCategories).where(eq(usageSessionCategories.sessionId, session!.id))).toHaveLength(0);
    expect(await handle.db.select().from(consciousPauses).where(eq(consciousPauses.userId, me.userId))).toHaveLength(0);
    const res = await fetch(`${app.url}/my-account/data`, { headers: { cookie: `${me.cookie}; ${CONSCIOUS}` } });
    expect(res.status).toBe(401);
  });
});
