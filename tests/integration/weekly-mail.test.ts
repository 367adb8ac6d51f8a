import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, jobs, user, weeklyMailSubscriptions } from "~schema";
import { seedEmotions } from "../../db/seed/emotions";
import { saveUsage } from "~/features/conscious/usage.server";
import { bookWeeklyMail, WEEKLY_MAIL_JOB, WEEKLY_MAIL_SWEEP_JOB } from "~/features/conscious/weekly-mail.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker, enqueueJob } from "~/lib/jobs/index.server";
import { action as weekAction, loader as weekLoader } from "~/routes/insights.week";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/weekly-email.unsubscribe";
import { judgeOrigin } from "../../server/same-origin";
import { jobHandlers } from "../../server/jobs";
import { testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const DAY_MS = 86_400_000;
type Answer = { init: { status: number } | null; data: { state?: string; ok?: boolean; errors?: Record<string, string> } };

// The weekly report by e-mail: opt-in, one per week through the job queue, in the member's language, with the
// report's figures and no category, and a one-click unsubscribe (RFC 8058) keyed by a signed token.
describe(`the weekly e-mail on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(env.services), log: env.services.log }).drain();
  // The weekly e-mails to an address (the sign-in link went there too).
  const mailsTo = (to: string) => env.outbox.list().filter((m) => m.to === to && m.headers?.["List-Unsubscribe"]);
  const subscribed = async (userId: string) =>
    (await handle.db.select().from(weeklyMailSubscriptions).where(eq(weeklyMailSubscriptions.userId, userId))).length === 1;

  /** A member who watched a named category in one session this week, with a mood after it. */
  async function member() {
    await seedEmotions(handle.db);
    const suffix = randomUUID().slice(0, 8);
    const [category] = await handle.db
      .insert(categories)
      .values({ slug: `velvet-${suffix}`, nameEn: `Velvet ${suffix}`, nameEs: `Terciopelo ${suffix}`, color: "#fff" })
      .returning();
    const email = `weekly-${suffix}@example.com`;
    const cookie = await signIn(env, email);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    await saveUsage(handle.db, userId, {
      seconds: 900,
      startedAt: new Date(Date.now() - DAY_MS),
      emotionId: 2,
      moodBeforeId: 3,
      categories: [{ slug: category!.slug, seconds: 600 }],
      clips: 10,
      intention: { kind: "clips", target: 10 },
      extensions: 0,
      endedBy: "done",
    });
    return { email, cookie, userId, category: category! };
  }

  const week = (cookie: string, body?: Record<string, string>) =>
    routeArgs(env.services, "/insights/week", { cookie: `${cookie}; tz=Europe%2FMadrid`, language: "es", body });
  const unsubscribeArgs = (token: string, method: "GET" | "POST") =>
    routeArgs(env.services, `/weekly-email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method,
      ...(method === "POST" ? { body: { "List-Unsubscribe": "One-Click" } } : {}),
    });

  it("is off by default; once turned on, sends exactly one e-mail a week, in Spanish, with the figures and no category", async () => {
    const me = await member();
    const loaded = (await weekLoader(week(me.cookie))) as Awaited<ReturnType<typeof weekLoader>>;
    expect(loaded.weeklyMail).toBe(false);
    await enqueueJob(handle.db, WEEKLY_MAIL_SWEEP_JOB, {});
    await runJobs();
    expect(mailsTo(me.email)).toHaveLength(0);

    const reply = (await weekAction(week(me.cookie, { weeklyMail: "on" }))) as { data: { ok: boolean; weeklyMail: boolean } };
    expect(reply.data).toEqual({ ok: true, weeklyMail: true });
    expect(((await weekLoader(week(me.cookie))) as Awaited<ReturnType<typeof weekLoader>>).weeklyMail).toBe(true);

    // Two sweeps (two servers, or the next hour's) and a second opt-in: still one e-mail.
    await enqueueJob(handle.db, WEEKLY_MAIL_SWEEP_JOB, {});
    await runJobs();
    await weekAction(week(me.cookie, { weeklyMail: "on" }));
    await enqueueJob(handle.db, WEEKLY_MAIL_SWEEP_JOB, {});
    await runJobs();
    const [mail] = mailsTo(me.email);
    expect(mailsTo(me.email)).toHaveLength(1);
    expect(mail!.subject).toBe("Modo Consciente: tu semana");
    expect(mail!.text).toContain("Tiempo: 15 min (la semana anterior: 0 s)");
    expect(mail!.text).toContain("Sesiones: 1 (la semana anterior: 0)");
    expect(mail!.text).toContain("Intenciones cumplidas: 1 de 1");
    expect(mail!.html).toContain('<html lang="es">');
    for (const word of [me.category.slug, me.category.nameEn, me.category.nameEs, "Spicy"]) {
      expect(mail!.text).not.toContain(word);
      expect(mail!.html).not.toContain(word);
    }
    const link = mail!.headers!["List-Unsubscribe"]!;
    expect(link).toMatch(/^<http:\/\/localhost:3000\/weekly-email\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(link.slice(1, -1));

    // Within the week nothing more; a week on, the next one.
    expect(await bookWeeklyMail(handle.db, new Date(Date.now() + 3 * DAY_MS))).toBe(0);
    expect(await bookWeeklyMail(handle.db, new Date(Date.now() + 7 * DAY_MS + 60_000))).toBe(1);
    expect(await bookWeeklyMail(handle.db, new Date(Date.now() + 7 * DAY_MS + 120_000))).toBe(0);
    await runJobs();
    expect(mailsTo(me.email)).toHaveLength(2);
    const sent = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.subject, `weekly-mail:${me.userId}`));
    expect(sent.map((j) => [j.kind, j.state])).toEqual([
      [WEEKLY_MAIL_JOB, "done"],
      [WEEKLY_MAIL_JOB, "done"],
    ]);
  });

  it("unsubscribes with one click and no sign-in; refuses a tampered token; the GET page only asks", async () => {
    const me = await member();
    await weekAction(week(me.cookie, { weeklyMail: "on" }));
    await enqueueJob(handle.db, WEEKLY_MAIL_SWEEP_JOB, {});
    await runJobs();
    const token = new URL(mailsTo(me.email)[0]!.headers!["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token")!;
    const other = await member();
    await weekAction(week(other.cookie, { weeklyMail: "on" }));

    // The mail client's POST carries no Origin and no cookie: the site's origin check lets it through.
    expect(
      judgeOrigin({ method: "POST", host: "localhost:3000", origin: undefined, fetchSite: undefined, cookie: undefined, siteOrigins: [] }),
    ).toBe("allowed");

    const [id, signature] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    for (const forged of [`${other.userId}.${signature}`, `${id}.${signature.slice(0, -2)}xx`, id, ""]) {
      const refused = (await unsubscribeAction(unsubscribeArgs(forged, "POST"))) as Answer;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.errors?.form).toMatch(/^This link is not valid/);
    }
    expect(await subscribed(me.userId)).toBe(true);
    expect(await subscribed(other.userId)).toBe(true);

    const asked = (await unsubscribeLoader(unsubscribeArgs(token, "GET"))) as Answer;
    expect(asked.data.state).toBe("confirm");
    expect(((await unsubscribeLoader(unsubscribeArgs(`${id}.forged`, "GET"))) as Answer).init?.status).toBe(400);
    expect(await subscribed(me.userId)).toBe(true);

    const done = (await unsubscribeAction(unsubscribeArgs(token, "POST"))) as Answer;
    expect(done.init?.status).toBe(200);
    expect(done.data.ok).toBe(true);
    expect(await subscribed(me.userId)).toBe(false);
    expect(await subscribed(other.userId)).toBe(true);
    // Nothing more is booked for the member who left.
    await bookWeeklyMail(handle.db, new Date(Date.now() + 30 * DAY_MS));
    await runJobs();
    expect(mailsTo(me.email)).toHaveLength(1);
  });

  it("refuses a setting that is neither on nor off with a translated 400", async () => {
    const me = await member();
    const refused = (await weekAction(week(me.cookie, { weeklyMail: "maybe" }))) as {
      init: { status: number };
      data: { ok: boolean; errors: Record<string, string> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.weeklyMail).toBe("Elige activado o desactivado.");
    expect(await subscribed(me.userId)).toBe(false);
  });
});
