import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { CookieJar, createClient, type Client, type Reply } from "../../scripts/load/http";
import { startServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { expectFlamesKept, seededFlames } from "../support/flame-ledger";
import { createPgCluster, postgresBinaries, type PgCluster } from "../support/pg-cluster";
import { launchBrowser } from "./support";

// ADR 101, ADR 103: PostgreSQL stops under load. The
// production server runs on a throwaway cluster of the test's own (the shared
// PostgreSQL on 5432 is never touched), the cluster is stopped while flames are
// written and pages read: every answer is 503 with the translated outage page or
// 200 — never 500, never a hang — /healthz says the database is unreachable and
// the connectivity banner shows; the cluster is started again and the same
// server process answers 200 by itself. Every acknowledged flame is kept. Then a query that fails with the database
// up is the translated error page (500), never the outage page, and its "Try Again" works once the fault is mended.
// Runs the same on the PGlite and the PostgreSQL pass of `npm test`.

const RECOVERY_MS = 30_000;
const OUTAGE_MS = 20_000;

type Phase = "up" | "stopping" | "down" | "starting" | "back";
interface Seen {
  phase: Phase;
  path: string;
  reply: Reply;
}

/** Asks `path` until it answers `status`, for at most `limitMs`. */
async function until(client: Client, path: string, headers: Record<string, string>, status: number, limitMs: number): Promise<Reply> {
  const deadline = Date.now() + limitMs;
  const last: string[] = [];
  for (;;) {
    const reply = await client.request(path, { headers });
    if (reply.status === status) return reply;
    last.push(`${reply.status} ${reply.failure ?? ""} ${Math.round(reply.ms)} ms ${reply.body.slice(0, 80)}`);
    if (Date.now() > deadline) throw new Error(`${path} did not answer ${status} within ${limitMs} ms:\n${last.slice(-5).join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!postgresBinaries())("PostgreSQL stopped under load", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("answers 503 with the translated outage page, /healthz says so, and it recovers by itself with every acknowledged flame kept; a failing query is the 500 page", async () => {
    const cluster: PgCluster = await createPgCluster();
    cleanups.push(() => cluster.destroy());
    const server: ServerProcess = await startServerProcess({
      env: { DATABASE_URL: cluster.url, TRUST_PROXY: "1", JOB_WORKERS: "0" },
      loopbackPublicUrl: true,
    });
    cleanups.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop());
    const pid = server.child.pid;
    // If the server dies, its last words are the finding.
    cleanups.push(
      () =>
        void (
          server.child.exitCode !== null &&
          server.child.exitCode !== 0 &&
          console.error(`server exited ${server.child.exitCode}:\n${server.output().slice(-6000)}`)
        ),
    );
    const client = createClient(server.url, { connections: 32, timeoutMs: 15_000 });
    cleanups.push(() => client.close());
    const browser: Browser = await launchBrowser();
    cleanups.push(() => browser.close());

    const base = await seededFlames(client, 36);
    const clipIds = [...base.keys()];
    expect(clipIds.length).toBeGreaterThan(10);

    // A Spanish visitor's page, open before the outage; its clock is ours, so the banner's 30 s poll is a fast-forward.
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES" });
    await context.addCookies([{ name: "age_verified", value: "true", url: server.url }]);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/termos-de-uso");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    let phase: Phase = "up";
    let done = false;
    const seen: Seen[] = [];
    const flamesAcked: { visitor: string; clipId: string }[] = [];
    const writer = async (w: number) => {
      const jar = new CookieJar({ age_verified: "true" });
      const ip = `10.78.0.${w}`;
      // The page view that issues the writer's anonymous id (ADR 140), before its flames.
      const issued = await client.request("/api/visitor", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": ip,
          origin: server.url,
          "sec-fetch-site": "same-origin",
          cookie: jar.header(),
        },
        body: "",
      });
      jar.take(issued.headers);
      for (let i = 0; !done; i++) {
        const clipId = clipIds[(w * 5 + i) % clipIds.length]!;
        const at = phase;
        const reply = await client.request("/api/flames", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": ip,
            origin: server.url,
            "sec-fetch-site": "same-origin",
            cookie: jar.header(),
          },
          body: `clipId=${clipId}&flamed=${i % 3 === 2 ? "false" : "true"}`,
        });
        seen.push({ phase: at, path: "POST /api/flames", reply });
        jar.take(reply.headers);
        const visitor = /spicy_uid=([^;]+)/.exec(jar.header())?.[1];
        if (reply.status === 200 && visitor) {
          const id = decodeURIComponent(visitor).split(".")[0]!;
          // An unflame removes the row; only the last acknowledged state of a pair counts.
          const key = flamesAcked.findIndex((f) => f.visitor === id && f.clipId === clipId);
          if (key >= 0) flamesAcked.splice(key, 1);
          if (i % 3 !== 2) flamesAcked.push({ visitor: id, clipId });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const paths = ["/", "/api/feed?offset=12", "/termos-de-uso", "/search?q=praia"];
    const reader = async (r: number) => {
      for (let i = 0; !done; i++) {
        const path = paths[(r + i) % paths.length]!;
        const at = phase;
        const reply = await client.request(path, {
          headers: { cookie: "age_verified=true", accept: "text/html", "x-forwarded-for": `10.79.0.${r}` },
          keepBody: 2000,
        });
        seen.push({ phase: at, path: `GET ${path}`, reply });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const load = Promise.all([
      ...Array.from({ length: 6 }, (_, w) => writer(w + 1)),
      ...Array.from({ length: 3 }, (_, r) => reader(r + 1)),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // Stop PostgreSQL under load.
    phase = "stopping";
    await cluster.stop();
    const down = await until(client, "/", { cookie: "age_verified=true", accept: "text/html", "accept-language": "es" }, 503, OUTAGE_MS);
    phase = "down";
    expect(down.headers["retry-after"]).toBe("5");
    expect(down.headers["content-type"]).toContain("text/html");
    expect(down.body).toContain("<h1>Problemas de conexión</h1>");
    expect(down.body).toContain("Tenemos problemas para conectar con el servidor. Reconectando…");
    const english = await client.request("/video/anything", { headers: { accept: "text/html", "accept-language": "en" } });
    expect(english.status).toBe(503);
    expect(english.body).toContain("<h1>Connection problems</h1>");
    expect(english.body).not.toContain("anything");
    const api = await client.request("/api/feed?offset=0", { headers: { cookie: "age_verified=true", "accept-language": "en" } });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({
      title: "Connection problems",
      error: "We are having trouble reaching the server. Reconnecting…",
    });
    const health = await client.request("/healthz");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "unavailable", database: "unreachable" });

    // The open page's banner, at its next poll of /healthz; a page opened now is the outage page.
    await page.clock.fastForward(30_000);
    const banner = page.getByRole("alert").filter({ hasText: "Problemas de conexión" });
    await banner.waitFor({ timeout: 15_000 });
    const second = await context.newPage();
    const outage = await second.goto("/");
    expect(outage?.status()).toBe(503);
    await expect(second.locator("h1").textContent()).resolves.toBe("Problemas de conexión");
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // PostgreSQL is back: the same process answers again, with no restart.
    phase = "starting";
    await cluster.start();
    phase = "back";
    const startedAgain = Date.now();
    await until(client, "/", { cookie: "age_verified=true", accept: "text/html" }, 200, RECOVERY_MS);
    const recoveredMs = Date.now() - startedAgain;
    expect((await client.request("/healthz")).status).toBe(200);
    await banner.getByRole("button", { name: "Reintentar ahora" }).click();
    await banner.waitFor({ state: "detached", timeout: 15_000 });
    await second.reload();
    await expect(second.locator("h1").first().textContent()).resolves.not.toBe("Problemas de conexión");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    done = true;
    await load;
    await context.close();
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();

    const count = (p: Phase, test: (r: Reply) => boolean) => seen.filter((s) => s.phase === p && test(s.reply)).length;
    console.log(
      `stopped PostgreSQL: ${seen.length} requests under load; ` +
        (["up", "stopping", "down", "starting", "back"] as Phase[])
          .map((p) => `${p}: ${count(p, (r) => r.status === 200)}×200 ${count(p, (r) => r.status === 503)}×503`)
          .join(", ") +
        `; back to 200 ${recoveredMs} ms after PostgreSQL started; ${flamesAcked.length} acknowledged flames checked`,
    );
    const bad = seen.filter((s) => s.reply.failure || (s.reply.status >= 500 && s.reply.status !== 503) || s.reply.status === 0);
    expect(
      bad.map((s) => `${s.phase} ${s.path}: ${s.reply.status} ${s.reply.failure ?? ""} ${s.reply.body.slice(0, 120)}`),
      server.output().slice(-4000),
    ).toEqual([]);
    expect(count("up", (r) => r.status === 200)).toBeGreaterThan(5);
    expect(count("down", (r) => r.status === 503)).toBeGreaterThan(0);
    expect(count("back", (r) => r.status === 200)).toBeGreaterThan(0);
    expect(flamesAcked.length).toBeGreaterThan(5);

    // A fault that is not an outage — a query that fails with the database up — is the translated error page: 500,
    // the site's shell, no trace of the query, and the page's own buttons work.
    const handle = await openDatabase({ databaseUrl: cluster.url });
    try {
      await handle.db.execute(sql`alter table creators rename to creators_elsewhere`);
      const visitor = await browser.newContext({ baseURL: server.url, locale: "en-US" });
      await visitor.addCookies([{ name: "age_verified", value: "true", url: server.url }]);
      const broken = await visitor.newPage();
      const failed = await broken.goto("/search?q=never+asked+before");
      expect(failed?.status()).toBe(500);
      await broken.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(broken.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Oops! Something went wrong");
      const body = await broken.locator("body").innerText();
      expect(body).toContain("An unexpected error occurred. Please try again.");
      expect(body).not.toMatch(/creators_elsewhere|relation|select |at .+\.js/i);
      await handle.db.execute(sql`alter table creators_elsewhere rename to creators`);
      // Once the fault is mended, "Try Again" loads the same page.
      const again = broken.waitForResponse(
        (response) => response.url().includes("/search?q=never") && response.request().resourceType() === "document",
      );
      await broken.getByRole("button", { name: "Try Again" }).click();
      expect((await again).status()).toBe(200);
      await broken.getByRole("heading", { level: 1 }).first().waitFor();
      await expect(broken.getByRole("heading", { level: 1 }).first().textContent()).resolves.not.toBe("Oops! Something went wrong");
      await visitor.close();

      expect(await server.stop()).toBe(0);
      await expectFlamesKept(handle, base, flamesAcked);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
