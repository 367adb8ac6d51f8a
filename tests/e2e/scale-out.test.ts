import { ownDatabase } from "../support/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver } from "../support/s3rver";
import { startServer, type RunningServer } from "../support/server";
import {
  anonymousVisitor,
  enrolOverHttp,
  feed,
  keepCookies,
  withPageViewId,
  get,
  post,
  signInOverHttp,
  wholeFeed,
} from "../support/http-visitors";

// docs/deployment.md: two app servers on one PostgreSQL database and one S3-compatible
// store behave as one site. Needs PostgreSQL (TEST_DATABASE_URL): PGlite belongs to one process.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let a: RunningServer;
let b: RunningServer;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let admin: string;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  if (!postgres) return;
  s3 = await startS3rver();
  // A database of its own: the servers seed it, so the demo media lands in this store.
  database = await ownDatabase("spicy_scale_out");
  const shared = {
    DATABASE_URL: database!.url,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: "media",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    BETTER_AUTH_SECRET: "scale-out-test-secret-0123456789abcdef",
    ADMIN_EMAILS: "scale-admin@example.com",
    SIGN_IN_LIMIT_PER_IP: "100",
    // Long enough that only the cache generation can drop an entry during the test.
    MICRO_CACHE_TTL_MS: "600000",
  };
  a = await startServer(shared);
  b = await startServer(shared);
  admin = await enrolOverHttp(a.url, `age_verified=true; ${await signInOverHttp(a.url, "scale-admin@example.com", "127.0.0.3")}`);
});

afterAll(async () => {
  if (!postgres) return;
  // Both servers are stopped and the database dropped before either exit code is judged: a failed stop must not
  // leave the other server running.
  const codes = [await a?.stop(), await b?.stop()];
  await s3?.stop();
  await database?.drop();
  expect(codes).toEqual([0, 0]);
});

describe.skipIf(!postgres)("two app servers, one database, one store", () => {
  it("keeps a session signed in on either server", async () => {
    const session = `age_verified=true; ${await signInOverHttp(a.url, "scale-user@example.com", "127.0.0.4")}`;
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/my-account`, { headers: { cookie: session }, redirect: "manual" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("scale-user@example.com");
    }
    expect((await fetch(`${b.url}/my-account`, { headers: { cookie: "age_verified=true" }, redirect: "manual" })).status).not.toBe(200);
  });

  it("ends a session on both servers when it is signed out through one", async () => {
    const session = `age_verified=true; ${await signInOverHttp(a.url, "scale-leaver@example.com", "127.0.0.5")}`;
    // Both servers have looked the session up (and may remember it, ADR 045) before it ends on A.
    for (const server of [a, b, b]) {
      expect((await fetch(`${server.url}/my-account`, { headers: { cookie: session }, redirect: "manual" })).status).toBe(200);
    }
    expect((await post(a.url, "/auth/sign-out", session, {})).status).toBeLessThan(400);
    for (const server of [b, a]) {
      expect((await fetch(`${server.url}/my-account`, { headers: { cookie: session }, redirect: "manual" })).status).not.toBe(200);
    }
  });

  it("counts a rate limit once across both servers", async () => {
    // Three sign-in links per address in ten minutes (SIGN_IN_LIMITS.perEmail), wherever they are asked for.
    const form = { email: "scale-limit@example.com" };
    const answers = [];
    for (const server of [a, b, a, b]) answers.push((await post(server.url, "/auth/sign-in", "age_verified=true", form)).status);
    expect(answers.slice(0, 3).every((s) => s < 400)).toBe(true);
    expect(answers[3]).toBe(429);
  });

  it("shows a flame given through one server on the other", async () => {
    let visitor = await withPageViewId(a.url, anonymousVisitor());
    const clip = (await feed(a.url, visitor)).clips[0]!;
    const flamed = await post(a.url, "/api/flames", visitor, { clipId: clip.id, flamed: "true" });
    expect(flamed.status).toBe(200);
    visitor = keepCookies(visitor, flamed);
    const onB = (await feed(b.url, visitor)).clips.find((c) => c.id === clip.id)!;
    expect(onB).toMatchObject({ flamed: true, flames: clip.flames + 1 });
  });

  it("drops a clip hidden through A from B's cached pages, feed and media on B's next request", async () => {
    const visitor = anonymousVisitor();
    const clip = (await feed(b.url, visitor)).clips.find((c) => c.videoUrl)!;
    const tagPath = `/tag/${clip.tags[0]!.slug}?sort=recent`;
    const mediaA = await get(a.url + clip.videoUrl!, visitor);
    const mediaB = await get(b.url + clip.videoUrl!, visitor);
    expect([mediaA.status, mediaB.status]).toEqual([200, 200]);
    expect(mediaB.headers.get("etag")).toBe(mediaA.headers.get("etag"));
    await get(b.url + tagPath, visitor);
    const warm = await get(b.url + tagPath, visitor);
    expect(warm.headers.get("x-micro-cache")).toBe("hit");
    expect(await warm.text()).toContain(clip.slug);

    expect((await post(a.url, "/admin/clips", admin, { intent: "hide-clip", clipId: clip.id })).status).toBe(200);
    expect(await (await get(b.url + tagPath, visitor)).text()).not.toContain(clip.slug);
    expect((await wholeFeed(b.url, visitor)).map((c) => c.id)).not.toContain(clip.id);
    expect((await get(b.url + clip.videoUrl!, visitor)).status).toBe(404);

    // And back, the other way round: shown through B, on A's next request.
    await get(a.url + tagPath, visitor);
    expect((await post(b.url, "/admin/clips", admin, { intent: "show-clip", clipId: clip.id })).status).toBe(200);
    expect(await (await get(a.url + tagPath, visitor)).text()).toContain(clip.slug);
    expect((await get(a.url + clip.videoUrl!, visitor)).status).toBe(200);
  });
});
