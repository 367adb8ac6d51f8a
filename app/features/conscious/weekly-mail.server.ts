import { eq, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs, user, weeklyMailSubscriptions } from "~schema";
import { siteNameFor } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import { formatLongDate } from "~/lib/i18n/format";
import { isLanguage, type Language } from "~/lib/i18n/languages";
import { serverT } from "~/lib/i18n/server";
import { enqueueJob, PermanentJobError, type JobHandlers } from "~/lib/jobs/index.server";
import { keyedHash, verifyKeyedHash } from "~/lib/keys.server";
import { maskAddress, type Mailer, type MailMessage } from "~/lib/mail/index.server";
import { durationMessage } from "./insights";
import { loadWeeklyReport } from "./report.server";

// The weekly report by e-mail (ADR 186): off until the member opts in; an hourly sweep books one e-mail per due
// member and moves their next date a week on in the same statement, so two sweeps (two servers, a retry) never send
// a week twice. It is read in inboxes: it names no category, no clip and no title, only the member's own figures.

export const WEEKLY_MAIL_SWEEP_JOB = "conscious-weekly-mail-sweep";
export const WEEKLY_MAIL_JOB = "conscious-weekly-mail";
const HOUR_MS = 3_600_000;
const WEEK = "7 days";
// Each sweep books at most this many e-mails; the next hour takes the rest.
const BATCH = 500;
const UNSUBSCRIBE_PURPOSE = "weekly-mail-unsubscribe";
export const UNSUBSCRIBE_PATH = "/weekly-email/unsubscribe";

export interface WeeklyMailServices {
  db: Database;
  mailer: Mailer;
  secret: string;
  /** Where the e-mail's links go: the companion site when it has its own address. */
  linkOrigin: string;
}

/** Whether the member gets the weekly e-mail. */
export async function weeklyMailOn(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: weeklyMailSubscriptions.userId })
    .from(weeklyMailSubscriptions)
    .where(eq(weeklyMailSubscriptions.userId, userId));
  return Boolean(row);
}

/**
 * Opts in (in the language and time zone the member is using now; the first e-mail goes with the next sweep) or
 * out. Opting in again keeps the date already booked, so switching off and on cannot bring an extra e-mail.
 */
export async function setWeeklyMail(
  db: Database,
  userId: string,
  on: boolean,
  input: { language: Language; timeZone: string; now?: Date },
): Promise<void> {
  if (!on) {
    await db.delete(weeklyMailSubscriptions).where(eq(weeklyMailSubscriptions.userId, userId));
    return;
  }
  await db
    .insert(weeklyMailSubscriptions)
    .values({ userId, language: input.language, timeZone: input.timeZone, nextAt: input.now ?? new Date() })
    .onConflictDoUpdate({ target: weeklyMailSubscriptions.userId, set: { language: input.language, timeZone: input.timeZone } });
}

/** The token in the e-mail's unsubscribe link: the member's id, signed with the server's secret. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${keyedHash(secret, UNSUBSCRIBE_PURPOSE, userId)}`;
}

/** The member the token names, or null when it is not one the server signed. */
export function readUnsubscribeToken(secret: string, token: string | null): string | null {
  if (!token || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 1) return null;
  const userId = token.slice(0, dot);
  return verifyKeyedHash(secret, UNSUBSCRIBE_PURPOSE, userId, token.slice(dot + 1)) ? userId : null;
}

/** One-click unsubscribe: the token's member gets no more weekly e-mail. False when the token is not valid. */
export async function unsubscribeWeeklyMail(db: Database, secret: string, token: string | null): Promise<boolean> {
  const userId = readUnsubscribeToken(secret, token);
  if (!userId) return false;
  await db.delete(weeklyMailSubscriptions).where(eq(weeklyMailSubscriptions.userId, userId));
  return true;
}

/** Books an e-mail for every member whose week is due and moves their date a week on; answers how many. */
export async function bookWeeklyMail(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ userId: weeklyMailSubscriptions.userId })
      .from(weeklyMailSubscriptions)
      .where(lte(weeklyMailSubscriptions.nextAt, now))
      .orderBy(weeklyMailSubscriptions.nextAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const booked = await tx
      .update(weeklyMailSubscriptions)
      // A week after the one due; a server that was down for weeks does not send the missed ones.
      .set({
        nextAt: sql`greatest(${weeklyMailSubscriptions.nextAt} + ${WEEK}::interval, ${now.toISOString()}::timestamptz + interval '1 day')`,
      })
      .where(inArray(weeklyMailSubscriptions.userId, due))
      .returning({ userId: weeklyMailSubscriptions.userId });
    for (const { userId } of booked)
      await enqueueJob(tx, WEEKLY_MAIL_JOB, { userId, at: now.toISOString() }, { subject: `weekly-mail:${userId}` });
    return booked.length;
  });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail: the report's figures in the member's language, with the links to the page and to stop it. */
export async function composeWeeklyMail(
  db: Database,
  services: Pick<WeeklyMailServices, "secret" | "linkOrigin">,
  input: { userId: string; to: string; language: Language; timeZone: string; now: Date },
): Promise<MailMessage> {
  const { userId, language } = input;
  // The companion's report: it never carries a category.
  const report = await loadWeeklyReport(db, { userId, language, timeZone: input.timeZone, brandMode: "conscious", now: input.now });
  const t = await serverT(language, "email");
  const ti = await serverT(language, "insights");
  const duration = (seconds: number) => {
    const { key, values } = durationMessage(seconds);
    return ti(`duration.${key}`, values);
  };
  const { week, before } = report;
  const site = siteNameFor(t, "conscious");
  const unsubscribe = `${services.linkOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(services.secret, userId))}`;
  const page = `${services.linkOrigin}/insights/week`;
  const moods = week.moods.map((m) => t("weekly.mood", { mood: report.moodNames[m.id] ?? "?", count: m.count }));
  const lines = [
    t("weekly.heading", { from: formatLongDate(week.from, language), to: formatLongDate(week.to, language) }),
    t("weekly.time", { now: duration(week.seconds), before: duration(before.seconds) }),
    t("weekly.sessions", { count: week.sessions, before: before.sessions }),
    week.intentions.set > 0 ? t("weekly.intentions", { kept: week.intentions.kept, set: week.intentions.set }) : t("weekly.noIntentions"),
    moods.length > 0 ? t("weekly.moods", { moods: moods.join(", ") }) : t("weekly.noMoods"),
    t("weekly.page", { url: page }),
    t("weekly.footer", { site, url: unsubscribe }),
  ];
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;background:#0f1720;font-family:system-ui,sans-serif;color:#dbe7ee">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="color:#fff;font-size:22px">${escape(lines[0]!)}</h1>
${lines
  .slice(1, 5)
  .map((line) => `<p style="line-height:1.5">${escape(line)}</p>`)
  .join("\n")}
<p style="line-height:1.5"><a href="${escape(page)}" style="color:#7dd3c0">${escape(t("weekly.pageLink"))}</a></p>
<p style="line-height:1.5;font-size:13px;color:#9fb3bf">${escape(t("weekly.footerHtml", { site }))} <a href="${escape(unsubscribe)}" style="color:#9fb3bf">${escape(t("weekly.unsubscribe"))}</a></p>
</div></body></html>`;
  return {
    to: input.to,
    subject: t("weekly.subject", { site }),
    text: `${lines.join("\n\n")}\n`,
    html,
    link: page,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const payloadSchema = z.object({ userId: z.string().min(1), at: z.iso.datetime() });

/** The hourly sweep (it books the next one) and the e-mail of one member. */
export function weeklyMailJobs(services: WeeklyMailServices): JobHandlers {
  return {
    [WEEKLY_MAIL_SWEEP_JOB]: async () => {
      const booked = await bookWeeklyMail(services.db);
      await enqueueJob(services.db, WEEKLY_MAIL_SWEEP_JOB, {}, { runAt: new Date(Date.now() + HOUR_MS) });
      return { booked };
    },
    [WEEKLY_MAIL_JOB]: async (raw) => {
      const parsed = payloadSchema.safeParse(raw);
      if (!parsed.success) throw new PermanentJobError(`bad weekly-mail payload: ${parsed.error.message}`);
      const [row] = await services.db
        .select({ to: user.email, language: weeklyMailSubscriptions.language, timeZone: weeklyMailSubscriptions.timeZone })
        .from(weeklyMailSubscriptions)
        .innerJoin(user, eq(user.id, weeklyMailSubscriptions.userId))
        .where(eq(weeklyMailSubscriptions.userId, parsed.data.userId));
      // Unsubscribed (or the account deleted) between the booking and now: nothing goes out.
      if (!row) return { sent: false, why: "unsubscribed" };
      const language = isLanguage(row.language) ? row.language : "en";
      const message = await composeWeeklyMail(services.db, services, {
        userId: parsed.data.userId,
        to: row.to,
        language,
        timeZone: row.timeZone,
        now: new Date(parsed.data.at),
      });
      await services.mailer.send(message);
      return { sent: true, to: maskAddress(row.to) };
    },
  };
}

/** At boot: make sure a sweep is booked (one at a time, whatever the number of servers that boot). */
export async function scheduleWeeklyMail(db: Database): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(sql`${jobs.kind} = ${WEEKLY_MAIL_SWEEP_JOB} and ${jobs.state} in ('queued', 'running')`)
    .limit(1);
  if (!pending) await enqueueJob(db, WEEKLY_MAIL_SWEEP_JOB, {});
}
