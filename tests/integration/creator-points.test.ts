import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions, creatorPointEntries, creatorPointTotals, creatorRefVisits, creators, user } from "~schema";
import { decideClaim, requestClaim } from "~/features/creator-accounts/index.server";
import { grantModerator } from "~/features/moderation/moderators.server";
import { awardPoints, pointsLedger, POINTS, recordRefVisit } from "~/features/points/index.server";
import { createWorker } from "~/lib/jobs/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminItem from "~/routes/admin.item";
import * as submitRoute from "~/routes/submit";
import { jobHandlers } from "../../server/jobs";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { signIn, signInModerator } from "../support/sign-in";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe(`creator points on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let admin: string;
  let categorySlug: string;
  let dir: string;
  withTestApp((made) => ({ handle, app } = made));
  beforeAll(async () => {
    const [clip] = await makeClips(handle.db, 1);
    categorySlug = (await handle.db.query.categories.findFirst({ where: (c, { eq }) => eq(c.id, clip!.categoryId) }))!.slug;
    await grantModerator(handle.db, "points-desk@example.com");
    admin = await signInModerator(app.env, "points-desk@example.com");
    dir = mkdtempSync(path.join(tmpdir(), "points-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const call = (p: string, init: Parameters<typeof routeArgs>[2]) => routeArgs(app.env.services, p, init);
  /** A synthetic test-pattern video of `seconds`, made by ffmpeg. */
  const video = (seconds: number) => {
    const file = path.join(dir, `${seconds}s.mp4`);
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=160x120:rate=10:duration=${seconds}`,
      "-pix_fmt",
      "yuv420p",
      file,
    ]);
    return readFileSync(file);
  };
  const submit = async (creatorName: string, bytes?: Buffer) => {
    const form = new FormData();
    Object.entries({
      creatorName,
      category: "Amateur",
      tags: "test pattern",
      imageOrVideoLink: "https://example.com/original",
      salesProfileLink: `https://fans.example/${randomUUID().slice(0, 6)}`,
    }).forEach(([k, v]) => form.append(k, v));
    if (bytes) form.append("upload", new File([new Uint8Array(bytes)], "pattern.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    await submitRoute.action(call("/submit", { body: form, clientIp: randomUUID() }));
    const [row] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.creatorName, creatorName));
    return row!;
  };
  const asModerator = async (id: string, body: Record<string, string>) => {
    try {
      return await adminItem.action(call(`/admin/submissions/${id}`, { cookie: admin, params: { queue: "submissions", id }, body }));
    } catch (thrown) {
      return thrown;
    }
  };
  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(app.env.services), log: app.env.services.log }).drain();
  const creatorNamed = async (name: string) => (await handle.db.select().from(creators).where(eq(creators.name, name)))[0]!;
  const total = async (creatorId: string) =>
    Number((await handle.db.select().from(creatorPointTotals).where(eq(creatorPointTotals.creatorId, creatorId)))[0]?.points ?? 0);

  it("an approved 12-second upload earns more points than a 5-second one, each a ledger row with its reason and date", async () => {
    const long = await submit("Long Take Studio", video(12));
    const short = await submit("Short Take Studio", video(5));
    for (const s of [long, short])
      await asModerator(s.id, { intent: "publish", audiences: "hetero", title: `Pattern ${s.creatorName}`, categorySlug });
    await runJobs();
    const [longCreator, shortCreator] = [await creatorNamed("Long Take Studio"), await creatorNamed("Short Take Studio")];
    const longLedger = await pointsLedger(handle.db, longCreator.id, null);
    const shortLedger = await pointsLedger(handle.db, shortCreator.id, null);
    expect(longLedger.entries).toEqual([expect.objectContaining({ reason: "upload_long", points: POINTS.upload_long })]);
    expect(shortLedger.entries).toEqual([expect.objectContaining({ reason: "upload", points: POINTS.upload })]);
    expect(longLedger.total).toBeGreaterThan(shortLedger.total);
    expect(Date.now() - Date.parse(longLedger.entries[0]!.at)).toBeLessThan(10 * 60_000);
    // The counter is the ledger's sum, and the same submission never earns twice (a retried job).
    expect(await total(longCreator.id)).toBe(POINTS.upload_long);
    const [entry] = await handle.db.select().from(creatorPointEntries).where(eq(creatorPointEntries.creatorId, longCreator.id));
    expect(await awardPoints(handle.db, { creatorId: longCreator.id, reason: "upload_long", submissionId: entry!.submissionId })).toBe(
      false,
    );
    expect(await total(longCreator.id)).toBe(POINTS.upload_long);
  }, 120_000);

  it("an approved link earns points for the creator it names; a rejected one or an unknown name earns nothing", async () => {
    const [creator, other] = await handle.db
      .insert(creators)
      .values([
        { name: "Link Maker Studio", slug: "link-maker-studio" },
        { name: "Link Breaker Studio", slug: "link-breaker-studio" },
      ])
      .returning();
    const approved = await submit(creator!.name);
    const rejected = await submit(other!.name);
    const nobody = await submit(`Nobody ${randomUUID().slice(0, 6)}`);
    await asModerator(approved.id, { intent: "resolve", reason: "published" });
    await asModerator(nobody.id, { intent: "resolve", reason: "published" });
    await asModerator(rejected.id, { intent: "reject", reason: "spam" });
    const ledger = await pointsLedger(handle.db, creator!.id, null);
    expect(ledger.entries.map((e) => [e.reason, e.points])).toEqual([["link", POINTS.link]]);
    expect(ledger.total).toBe(POINTS.link);
    expect(await total(other!.id)).toBe(0);
  });

  it("a share-link visit earns a point once per visitor a day; bots and data requests earn nothing; old days are deleted", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const [creator] = await handle.db.select().from(creators).where(eq(creators.id, clip!.creatorId));
    await handle.db.insert(creatorRefVisits).values({ day: "2020-01-01", creatorId: creator!.id, visitor: "old" });
    const visit = (ua: string, suffix = "") =>
      fetch(`${app.url}/creator/${creator!.slug}${suffix}?ref=${creator!.slug}`, {
        headers: { "user-agent": ua, accept: "text/html", cookie: "age_verified=true" },
      });
    expect((await visit(BROWSER)).status).toBe(200);
    expect(await total(creator!.id)).toBe(1);
    expect((await visit(BROWSER)).status).toBe(200);
    expect((await visit(BOT)).status).toBe(200);
    await visit(BROWSER, ".data");
    expect(await total(creator!.id)).toBe(1);
    expect(await handle.db.select().from(creatorRefVisits).where(eq(creatorRefVisits.day, "2020-01-01"))).toHaveLength(0);
    // Another visitor (address) counts; an unknown creator counts for nobody.
    expect(await recordRefVisit(handle.db, { creatorSlug: creator!.slug, clientIp: "198.51.100.7", secret: "s" })).toBe(true);
    expect(await recordRefVisit(handle.db, { creatorSlug: "no-such-creator", clientIp: "198.51.100.7", secret: "s" })).toBe(false);
    const ledger = await pointsLedger(handle.db, creator!.id, null, 1);
    expect(ledger).toMatchObject({ total: 2, entries: [{ reason: "ref_visit", points: 1 }] });
    // The keyset's second page holds the other visit.
    const rest = await pointsLedger(handle.db, creator!.id, { at: ledger.next!.split("_")[0]!, id: ledger.next!.split("_")[1]! }, 1);
    expect(rest.entries).toHaveLength(1);
    expect(rest.next).toBeNull();
  });

  it("the dashboard and the partnership page show a signed-in creator's points; the Following page features the most points", async () => {
    const owner = await creatorNamed("Long Take Studio");
    const email = `points-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    const [member] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await handle.db.update(creators).set({ websiteUrl: "https://example.com/long" }).where(eq(creators.id, owner.id));
    const claim = await requestClaim(handle.db, { userId: member!.id, creatorSlug: owner.slug });
    await decideClaim(handle.db, { userId: null, email: "desk@example.com" }, { claimId: claim.id, approve: true });

    const dashboard = await (await fetch(`${app.url}/my-creator`, { headers: { cookie } })).text();
    expect(dashboard).toContain(`data-points="${POINTS.upload_long}"`);
    expect(dashboard).toContain("Approved upload longer than 10 seconds");
    expect(dashboard).toContain(`/creator/${owner.slug}?ref=${owner.slug}`);
    const partnership = await fetch(`${app.url}/promote-content`, { headers: { cookie, "accept-language": "es" } });
    expect(partnership.headers.get("cache-control")).toBe("private, no-store");
    const html = await partnership.text();
    expect(html).toContain(`data-points="${POINTS.upload_long}"`);
    expect(html).toContain("Subida aprobada de más de 10 segundos");
    // Anonymous visitors see the page without anyone's points.
    expect(await (await fetch(`${app.url}/promote-content`)).text()).not.toContain("data-points=");

    const following = await (await fetch(`${app.url}/following`, { headers: { cookie: "age_verified=true" } })).text();
    const featured = [...following.matchAll(/data-featured="([^"]+)"/g)].map((m) => m[1]);
    expect(featured[0]).toBe(owner.slug);
    expect(featured).toContain((await creatorNamed("Short Take Studio")).slug);
  });
});
