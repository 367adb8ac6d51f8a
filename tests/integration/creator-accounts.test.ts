import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clipDailyStats, clips, creatorClaims, creatorDailyStats, creators, moderationAudit, user } from "~schema";
import { decideClaim, loadDashboard, ownedCreator, requestClaim } from "~/features/creator-accounts/index.server";
import { setFlame } from "~/features/flames/index.server";
import { setFollow } from "~/features/follows/index.server";
import { ExpectedError } from "~/lib/http/errors";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MODERATOR = { userId: null, email: "desk@example.com" };
const today = () => new Date().toISOString().slice(0, 10);

describe(`creator accounts and the dashboard on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const newMember = async () => {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "", email: `${id}@example.com` });
    return id;
  };
  /** A creator with `count` clips and a website link (where a claim's code is checked). */
  const newCreator = async (count = 1) => {
    const made = await makeClips(handle.db, count);
    const [creator] = await handle.db
      .update(creators)
      .set({ websiteUrl: "https://example.com/me" })
      .where(eq(creators.id, made[0]!.creatorId))
      .returning();
    return { creator: creator!, clips: made };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof ExpectedError ? { status: error.status, key: error.key } : error),
    );
  const watch = (clipId: string, cookie?: string) =>
    fetch(`${app.url}/api/signals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: app.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ events: [{ clipId, kind: "watch", watchedMs: 8000, loops: 0, completed: true, skipped: false }] }),
    });

  it("counts each day's views, flames given and new followers in the statement that makes them", async () => {
    const { creator, clips: made } = await newCreator(2);
    const [first, second] = made;
    expect((await watch(first!.id)).status).toBe(204);
    expect((await watch(first!.id)).status).toBe(204);
    expect((await watch(second!.id)).status).toBe(204);
    await setFlame(handle.db, { clipId: first!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true });
    await setFlame(handle.db, { clipId: first!.id, flameOwner: { userId: await newMember() }, flamed: true });
    await setFollow(handle.db, { creatorSlug: creator.slug, follower: { anonymousId: randomUUID() }, following: true });

    const daily = await handle.db.select().from(clipDailyStats).where(eq(clipDailyStats.clipId, first!.id));
    // Two visitors (two new anonymous ids), each one view a day.
    expect(daily).toEqual([{ clipId: first!.id, day: today(), views: 2, flames: 2 }]);
    const [creatorDay] = await handle.db.select().from(creatorDailyStats).where(eq(creatorDailyStats.creatorId, creator.id));
    expect(creatorDay).toMatchObject({ day: today(), views: 3, flames: 2, follows: 1 });

    // Deleting a flamed, viewed clip still works: the counters go with it.
    await handle.db.delete(clips).where(eq(clips.id, first!.id));
    expect(await handle.db.select().from(clipDailyStats).where(eq(clipDailyStats.clipId, first!.id))).toHaveLength(0);
  });

  it("a member asks, a moderator approves (audited) and the page has one owner", async () => {
    const { creator } = await newCreator();
    const [member, rival] = [await newMember(), await newMember()];
    const asked = await requestClaim(handle.db, { userId: member, creatorSlug: creator.slug });
    expect(asked).toMatchObject({ status: "pending", creatorSlug: creator.slug });
    expect(asked.code).toMatch(/^spicy-[a-z2-9]{8}$/);
    // Asking again answers the same code.
    expect((await requestClaim(handle.db, { userId: member, creatorSlug: creator.slug })).code).toBe(asked.code);
    const rivalClaim = await requestClaim(handle.db, { userId: rival, creatorSlug: creator.slug });
    expect(await ownedCreator(handle.db, member, null)).toBeNull();

    await decideClaim(handle.db, MODERATOR, { claimId: asked.id, approve: true });
    expect(await ownedCreator(handle.db, member, null)).toMatchObject({ id: creator.id, slug: creator.slug });
    const [audit] = await handle.db
      .select()
      .from(moderationAudit)
      .where(and(eq(moderationAudit.targetId, creator.id), eq(moderationAudit.action, "creator_claim_approved")));
    expect(audit).toMatchObject({ actorEmail: MODERATOR.email, targetType: "creator" });

    expect(await refusal(decideClaim(handle.db, MODERATOR, { claimId: rivalClaim.id, approve: true }))).toEqual({
      status: 409,
      key: "errors.claimAlreadyOwned",
    });
    expect(await refusal(decideClaim(handle.db, MODERATOR, { claimId: asked.id, approve: false }))).toEqual({
      status: 404,
      key: "errors.claimNotFound",
    });
    expect(await refusal(requestClaim(handle.db, { userId: await newMember(), creatorSlug: creator.slug }))).toEqual({
      status: 409,
      key: "errors.alreadyOwned",
    });
    await decideClaim(handle.db, MODERATOR, { claimId: rivalClaim.id, approve: false });
    const [rejected] = await handle.db
      .select({ status: creatorClaims.status })
      .from(creatorClaims)
      .where(eq(creatorClaims.id, rivalClaim.id));
    expect(rejected?.status).toBe("rejected");
  });

  it("refuses what cannot be checked or does not exist, with its own message", async () => {
    const [unlinked] = await makeClips(handle.db, 1);
    const slug = (await handle.db.select({ slug: creators.slug }).from(creators).where(eq(creators.id, unlinked!.creatorId)))[0]!.slug;
    const member = await newMember();
    const claim = await requestClaim(handle.db, { userId: member, creatorSlug: slug });
    expect(await refusal(decideClaim(handle.db, MODERATOR, { claimId: claim.id, approve: true }))).toEqual({
      status: 409,
      key: "errors.claimNoLinks",
    });
    expect(await refusal(requestClaim(handle.db, { userId: member, creatorSlug: "Not A Slug" }))).toEqual({
      status: 400,
      key: "errors.invalidCreator",
    });
    expect(await refusal(requestClaim(handle.db, { userId: member, creatorSlug: "nobody-here" }))).toEqual({
      status: 404,
      key: "errors.creatorNotFound",
    });
    expect(await refusal(decideClaim(handle.db, MODERATOR, { claimId: "x", approve: true }))).toEqual({
      status: 400,
      key: "errors.invalidClaim",
    });
  });

  it("the dashboard reads the counters and pages the clips in SQL", async () => {
    const { creator, clips: made } = await newCreator(12);
    // Distinct publication times, newest last made.
    await handle.db.execute(
      sql`update clips set published_at = now() - make_interval(mins => (100 - position)::int)
          from (select id, row_number() over (order by id) as position from clips where creator_id = ${creator.id}) o
          where clips.id = o.id`,
    );
    expect((await watch(made[0]!.id)).status).toBe(204);
    await setFlame(handle.db, { clipId: made[0]!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true });
    await setFollow(handle.db, { creatorSlug: creator.slug, follower: { anonymousId: randomUUID() }, following: true });
    // A day outside the 7-day period but inside the 30-day one.
    await handle.db.insert(creatorDailyStats).values({ creatorId: creator.id, day: "2000-01-01", views: 99 });
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await handle.db.insert(creatorDailyStats).values({ creatorId: creator.id, day: tenDaysAgo, views: 5, follows: 2 });

    const week = await loadDashboard(handle.db, { creatorId: creator.id, days: 7, after: null });
    expect(week.totals).toEqual({ views: 1, flames: 1, followers: 1 });
    expect(week.period).toEqual({ days: 7, views: 1, flames: 1, newFollowers: 1 });
    expect(week.daily).toHaveLength(7);
    expect(week.daily.at(-1)).toEqual({ day: today(), views: 1, flames: 1, follows: 1 });
    expect(week.clips).toHaveLength(10);
    const month = await loadDashboard(handle.db, { creatorId: creator.id, days: 30, after: null });
    expect(month.period).toEqual({ days: 30, views: 6, flames: 1, newFollowers: 3 });

    const rest = await loadDashboard(handle.db, {
      creatorId: creator.id,
      days: 7,
      after: { at: week.next!.split("_")[0]!, id: week.next!.split("_")[1]! },
    });
    expect(rest.clips).toHaveLength(2);
    expect(rest.next).toBeNull();
    const all = [...week.clips, ...rest.clips];
    expect(new Set(all.map((c) => c.slug)).size).toBe(12);
    const watched = all.find((c) => c.slug === made[0]!.slug)!;
    expect(watched).toMatchObject({ views: 1, completionRate: 1, flames: 1, periodViews: 1, periodFlames: 1 });
    expect(all.filter((c) => c !== watched).every((c) => c.completionRate === null && c.periodViews === 0)).toBe(true);
  });

  it("/my-creator: sign-in needed, asking from the page, the owner's dashboard, never cached, never on the companion site", async () => {
    const { creator } = await newCreator(1);
    expect((await fetch(`${app.url}/my-creator`)).status).toBe(401);
    const email = `creator-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    const asking = await fetch(`${app.url}/my-creator?claim=${creator.slug}`, { headers: { cookie } });
    expect(asking.status).toBe(200);
    expect(asking.headers.get("cache-control")).toBe("private, no-store");
    const html = await asking.text();
    expect(html).toContain(`Run ${creator.name}&#x27;s page`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/my-creator"/);
    expect((await fetch(`${app.url}/my-creator?claim=nobody-here`, { headers: { cookie } })).status).toBe(404);

    const posted = await fetch(`${app.url}/my-creator?claim=${creator.slug}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ intent: "claim", creator: creator.slug }),
      redirect: "manual",
    });
    expect(posted.status).toBe(200);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const [claim] = await handle.db.select().from(creatorClaims).where(eq(creatorClaims.userId, userId));
    expect(await posted.text()).toContain(claim!.code);

    await decideClaim(handle.db, MODERATOR, { claimId: claim!.id, approve: true });
    const dashboard = await fetch(`${app.url}/my-creator?days=30`, { headers: { cookie, "accept-language": "es" } });
    expect(dashboard.headers.get("cache-control")).toBe("private, no-store");
    expect(await dashboard.text()).toContain(`${creator.name}: tus cifras`);
    expect((await fetch(`${app.url}/my-creator?after=nonsense`, { headers: { cookie } })).status).toBe(400);
    expect((await fetch(`${app.url}/my-creator`, { headers: { cookie: `${cookie}; brand_mode=conscious` } })).status).toBe(404);
  });
});
