import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, memberExports, user } from "~schema";
import { seedEmotions } from "../../db/seed/emotions";
import { deleteAccount } from "~/features/accounts/account.server";
import { MEMBER_EXPORT_JOB, MEMBER_EXPORT_SWEEP_JOB, sweepExports } from "~/features/accounts/export-job.server";
import { saveUsage } from "~/features/conscious/usage.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker, enqueueJob } from "~/lib/jobs/index.server";
import { action as accountAction, loader as accountLoader } from "~/routes/my-account";
import { loader as fileLoader } from "~/routes/my-account.data-file";
import { jobHandlers } from "../../server/jobs";
import { testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const DAY_MS = 86_400_000;
type Loaded = { data: { dataExport: { state: string; expiresAt?: string; links?: { json: string; csv: string } } } };

// "Download my data" built by a job: asking queues it, the link works for 24 hours and only for its member, and the
// copy is deleted once it expires.
describe(`the data export job on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(env.services), log: env.services.log }).drain();

  async function member() {
    await seedEmotions(handle.db);
    const email = `export-job-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(env, email);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    await saveUsage(handle.db, userId, {
      seconds: 420,
      startedAt: new Date(Date.now() - 600_000),
      emotionId: 2,
      moodBeforeId: 3,
      categories: [],
      clips: 9,
      intention: { kind: "clips", target: 10 },
      extensions: 0,
      endedBy: "done",
    });
    return { email, cookie, userId };
  }
  const status = async (cookie: string) =>
    ((await accountLoader(routeArgs(env.services, "/my-account", { cookie, brandMode: "conscious" }))) as unknown as Loaded).data
      .dataExport;
  const ask = (cookie: string) =>
    accountAction(
      routeArgs(env.services, "/my-account", { cookie, brandMode: "conscious", body: { intent: "requestExport" } }),
    ) as Promise<{
      data: { ok: boolean };
    }>;
  /** Downloads `link` (a path with its query) as the visitor holding `cookie`. */
  const fetchFile = async (link: string, cookie?: string, language: "en" | "es" = "en") => {
    const url = new URL(link, env.services.origin);
    const id = url.pathname.split("/").pop()!;
    return (await fileLoader(
      routeArgs(env.services, `${url.pathname}${url.search}`, { cookie, language, params: { id } }) as never,
    )) as Response;
  };

  it("queues a job when asked; the member then downloads the JSON and CSV for 24 hours, then the copy is gone", async () => {
    const me = await member();
    expect(await status(me.cookie)).toEqual({ state: "none" });
    expect((await ask(me.cookie)).data.ok).toBe(true);
    // Asking again while it is prepared queues nothing more.
    await ask(me.cookie);
    const queued = await handle.db
      .select({ kind: jobs.kind, state: jobs.state })
      .from(jobs)
      .innerJoin(memberExports, sql`${jobs.subject} = 'member-export:' || ${memberExports.id}::text`)
      .where(eq(memberExports.userId, me.userId));
    expect(queued).toEqual([{ kind: MEMBER_EXPORT_JOB, state: "queued" }]);
    expect((await status(me.cookie)).state).toBe("preparing");

    await runJobs();
    const ready = await status(me.cookie);
    expect(ready.state).toBe("ready");
    const expiresIn = new Date(ready.expiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(DAY_MS - 120_000);
    expect(expiresIn).toBeLessThanOrEqual(DAY_MS);

    const json = await fetchFile(ready.links!.json, me.cookie);
    expect(json.status).toBe(200);
    expect(json.headers.get("cache-control")).toBe("private, no-store");
    expect(json.headers.get("content-disposition")).toMatch(/filename="my-data.json"/);
    const body = (await json.json()) as { account: { email: string }; consciousMode: { sessions: { seconds: number; clips: number }[] } };
    expect(body.account.email).toBe(me.email);
    expect(body.consciousMode.sessions).toEqual([expect.objectContaining({ seconds: 420, clips: 9 })]);
    // Asked on the companion site: nothing adult in it.
    expect(Object.keys(body).sort()).toEqual(["account", "consciousMode", "exportedAt", "premium"]);
    const csv = await fetchFile(ready.links!.csv, me.cookie);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toMatch(/^id,startedAt,seconds,clips,.*\r\n.*,420,9,/);

    // Past its 24 hours: refused with 410, and the sweep deletes it.
    await handle.db
      .update(memberExports)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(memberExports.userId, me.userId));
    const expired = await fetchFile(ready.links!.json, me.cookie, "es");
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: string }).error).toMatch(/^Esta copia caducó/);
    expect(await status(me.cookie)).toEqual({ state: "none" });
    expect(await sweepExports(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await handle.db.select().from(memberExports).where(eq(memberExports.userId, me.userId))).toEqual([]);
    expect((await fetchFile(ready.links!.json, me.cookie)).status).toBe(410);
  });

  it("serves a copy to nobody else: another member, a signed-out visitor or a changed link", async () => {
    const me = await member();
    const other = await member();
    await ask(me.cookie);
    await ask(other.cookie);
    await runJobs();
    const mine = await status(me.cookie);
    const theirs = await status(other.cookie);
    expect((await fetchFile(mine.links!.json, other.cookie)).status).toBe(404);
    expect((await fetchFile(mine.links!.json)).status).toBe(401);
    const [path, query] = mine.links!.json.split("?");
    const sig = new URLSearchParams(query).get("sig")!;
    // Another export's id under this member's signature, and a changed signature.
    const theirId = theirs.links!.json.split("?")[0]!.split("/").pop()!;
    expect((await fetchFile(`/my-account/data/${theirId}?format=json&sig=${sig}`, me.cookie)).status).toBe(404);
    expect((await fetchFile(`${path}?format=json&sig=${sig.slice(0, -2)}AA`, me.cookie)).status).toBe(404);
    expect((await fetchFile(`${path}?format=json`, me.cookie)).status).toBe(404);
    expect((await fetchFile(`${path}?format=xml&sig=${sig}`, me.cookie)).status).toBe(400);
    expect((await fetchFile(mine.links!.json, me.cookie)).status).toBe(200);
  });

  it("goes with the account, and the sweep keeps fresh copies", async () => {
    const me = await member();
    await ask(me.cookie);
    await runJobs();
    expect(await sweepExports(handle.db)).toBe(0);
    expect(await handle.db.select({ id: memberExports.id }).from(memberExports).where(eq(memberExports.userId, me.userId))).toHaveLength(1);
    await deleteAccount(handle.db, me.userId, { storage: env.services.storage, secret: env.services.secret });
    expect(await handle.db.select().from(memberExports).where(eq(memberExports.userId, me.userId))).toEqual([]);
    // The sweep books its next run.
    await enqueueJob(handle.db, MEMBER_EXPORT_SWEEP_JOB, {});
    await runJobs();
    const booked = await handle.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.kind} = ${MEMBER_EXPORT_SWEEP_JOB} and ${jobs.state} = 'queued'`);
    expect(booked).toHaveLength(1);
  });
});
