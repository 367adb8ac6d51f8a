import { z } from "zod";
import { DECISION_REASONS, QUEUES, type Decision, type QueueName } from "~/features/forms";
import { findQueueRow, type QueueItemRow } from "~/features/forms/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import { formatLongDate } from "~/lib/i18n/format";
import { isLanguage } from "~/lib/i18n/languages";
import { serverT } from "~/lib/i18n/server";
import { PermanentJobError, type JobHandler } from "~/lib/jobs/index.server";
import { maskAddress, type Mailer, type MailMessage } from "~/lib/mail/index.server";
import { accountEmails } from "./queues.server";

// The e-mail that closes the loop (ADR 053): whoever sent a claim, message, application,
// submission or report (when they gave an address) hears the decision, in the language they wrote
// in. It runs as a job: the address is read from the item when the job runs, so deleting a
// person's data leaves nothing to send to, and an SMTP hiccup is retried with back-off.

export const OUTCOME_MAIL_JOB = "outcome-mail";

const payloadSchema = z.object({
  queue: z.enum(QUEUES),
  id: z.uuid(),
  decision: z.enum(["resolved", "rejected"]),
  reason: z.enum([...DECISION_REASONS.resolved, ...DECISION_REASONS.rejected]),
  note: z.string().nullable(),
});
export type OutcomeMailPayload = { queue: QueueName; id: string; decision: Decision; reason: string; note: string | null };

/** The address a sender gave on the form, else the account they were signed in with. */
async function recipient(db: Database, item: QueueItemRow): Promise<string | null> {
  const given = item.row.email;
  if (given) return given;
  if (!item.row.userId) return null;
  return (await accountEmails(db, [item.row.userId])).get(item.row.userId) ?? null;
}

/** The link or subject the item was about, so the sender knows which request this answers. */
function about(item: QueueItemRow): string | null {
  switch (item.form) {
    case "report":
    case "claim":
      return item.row.contentUrl;
    case "contact":
      return item.row.subject;
    case "submit":
      return item.row.imageOrVideoLink;
    case "partnership":
      return item.row.salesPlatformUrl;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function composeOutcomeMail(item: QueueItemRow, payload: OutcomeMailPayload, to: string): Promise<MailMessage> {
  const language = isLanguage(item.row.language) ? item.row.language : "en";
  const t = await serverT(language, "email");
  const vars = {
    site: siteNameFor(t, "adult"),
    item: t(`outcome.items.${payload.queue}`),
    date: formatLongDate(item.row.createdAt, language),
  };
  const subject = t("outcome.subject", vars);
  const lines = [
    t("outcome.heading", vars),
    t("outcome.intro", vars),
    ...(about(item) ? [t("outcome.about", { about: about(item) })] : []),
    t(`outcome.decisions.${payload.decision}`),
    t(`outcome.reasons.${payload.reason}`),
    ...(payload.note ? [t("outcome.note", { note: payload.note })] : []),
    t("outcome.footer", vars),
  ];
  const text = `${lines.join("\n\n")}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;background:#0b0a10;font-family:system-ui,sans-serif;color:#d7d2e3">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="color:#fff;font-size:22px">${escape(lines[0]!)}</h1>
${lines
  .slice(1)
  .map((line) => `<p style="line-height:1.5;white-space:pre-wrap">${escape(line)}</p>`)
  .join("\n")}
</div></body></html>`;
  return { to, subject, text, html };
}

export function outcomeMailHandler(services: { db: Database; mailer: Mailer }): JobHandler {
  return async (raw) => {
    const parsed = payloadSchema.safeParse(raw);
    if (!parsed.success) throw new PermanentJobError(`bad outcome-mail payload: ${parsed.error.message}`);
    const payload = parsed.data;
    const item = await findQueueRow(services.db, payload.queue, payload.id);
    // The item (or the person's data) was deleted since: there is nobody to write to.
    if (!item) return { sent: false, why: "item-gone" };
    const to = await recipient(services.db, item);
    if (!to) return { sent: false, why: "no-address" };
    await services.mailer.send(await composeOutcomeMail(item, payload, to));
    return { sent: true, to: maskAddress(to) };
  };
}
