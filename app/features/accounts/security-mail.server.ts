import { siteNameFor, type BrandMode } from "~/lib/brand-mode";
import type { Language } from "~/lib/i18n/languages";
import { serverT } from "~/lib/i18n/server";
import type { Mailer } from "~/lib/mail/index.server";

/** The changes to an account's security that are mailed to its address when they are made. */
export type SecurityNotice =
  "sessionSignedOut" | "otherSessionsSignedOut" | "usernameChanged" | "twoFactorEnabled" | "twoFactorDisabled" | "backupCodesRenewed";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tells the account's address what was just changed, and where to see it: someone else using the account
 * learns of it. Written in the language of the page the change was made on.
 */
export async function mailSecurityNotice(
  mailer: Mailer,
  input: { to: string; notice: SecurityNotice; language: Language; brandMode: BrandMode; origin: string; values?: Record<string, string> },
) {
  const t = await serverT(input.language, "account-security");
  const vars = { ...input.values, site: siteNameFor(t, input.brandMode) };
  const link = `${input.origin}/my-account/security`;
  const [subject, heading, body, button, notYou] = ["subject", "heading", "body", "button", "notYou"].map((key) =>
    t(`mail.${input.notice}.${key}`, { ...vars, defaultValue: t(`mail.${key}`, vars) }),
  );
  const text = `${heading}\n\n${body}\n\n${notYou}\n\n${button}: ${link}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="margin:0;background:#0b0a10;font-family:system-ui,sans-serif;color:#d7d2e3">
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<h1 style="color:#fff;font-size:22px">${escape(heading!)}</h1>
<p style="line-height:1.5">${escape(body!)}</p>
<p style="line-height:1.5">${escape(notYou!)}</p>
<p style="margin:28px 0"><a href="${escape(link)}" style="background:#ff4d2e;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${escape(button!)}</a></p>
</div></body></html>`;
  await mailer.send({ to: input.to, subject: subject!, text, html, link });
}
