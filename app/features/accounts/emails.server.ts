import type { AuthMail } from "~/lib/auth.server";
import { BRAND_MODE_COOKIE, decideBrandMode, siteNameFor, type BrandMode } from "~/lib/brand-mode";
import { readCookie } from "~/lib/cookies";
import { isLanguage, LANGUAGE_COOKIE, negotiateLanguage, type Language } from "~/lib/i18n/languages";
import { serverT } from "~/lib/i18n/server";
import type { Mailer, MailMessage } from "~/lib/mail/index.server";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function brandModeOf(request: Request | undefined, consciousHosts: readonly string[]): BrandMode {
  if (!request) return "adult";
  return decideBrandMode({
    host: request.headers.get("host"),
    consciousHosts,
    modeParam: null,
    modeCookie: readCookie(request.headers.get("cookie"), BRAND_MODE_COOKIE),
  }).mode;
}

function languageOf(request?: Request): Language {
  if (!request) return "en";
  const headers = request.headers;
  return negotiateLanguage(readCookie(headers.get("cookie"), LANGUAGE_COOKIE), headers.get("accept-language"));
}

/** One e-mail in the visitor's language, as text and HTML, with its link. */
async function compose(
  language: Language,
  brandMode: BrandMode,
  kind: "signIn" | "confirmChange" | "verifyNew" | "addressInUse",
  to: string,
  link: string,
  extra: Record<string, string> = {},
): Promise<MailMessage> {
  const t = await serverT(language, "email");
  const vars = { ...extra, site: siteNameFor(t, brandMode) };
  const [heading, body, button, ignore, fallback] = [
    `${kind}.heading`,
    `${kind}.body`,
    `${kind}.button`,
    `${kind}.ignore`,
    "linkFallback",
  ].map((key) => t(key, vars));
  const text = `${heading}\n\n${body}\n\n${button}: ${link}\n\n${ignore}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;background:#0b0a10;font-family:system-ui,sans-serif;color:#d7d2e3">
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<h1 style="color:#fff;font-size:22px">${escape(heading!)}</h1>
<p style="line-height:1.5">${escape(body!)}</p>
<p style="margin:28px 0"><a href="${escape(link)}" style="background:#ff4d2e;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${escape(button!)}</a></p>
<p style="font-size:13px;color:#b7b1c6">${escape(fallback!)}<br><a href="${escape(link)}" style="color:#ffa66b;word-break:break-all">${escape(link)}</a></p>
<p style="font-size:13px;color:#b7b1c6">${escape(ignore!)}</p>
</div></body></html>`;
  return { to, subject: t(`${kind}.subject`, vars), text, html, link };
}

/** The account e-mails Better Auth sends, written in the visitor's language. */
export function accountMail(mailer: Mailer, consciousHosts: readonly string[] = []): AuthMail {
  return {
    async magicLinkEmail({ email, url, language, brandMode }) {
      await mailer.send(
        await compose(isLanguage(language) ? language : "en", brandMode === "conscious" ? "conscious" : "adult", "signIn", email, url),
      );
    },
    async confirmEmailChange({ email, newEmail, url, request }) {
      await mailer.send(
        await compose(languageOf(request), brandModeOf(request, consciousHosts), "confirmChange", email, url, { newEmail }),
      );
    },
    async verifyEmail({ email, url, request }) {
      await mailer.send(await compose(languageOf(request), brandModeOf(request, consciousHosts), "verifyNew", email, url));
    },
    async addressInUse({ email, signInUrl, request }) {
      await mailer.send(await compose(languageOf(request), brandModeOf(request, consciousHosts), "addressInUse", email, signInUrl));
    },
  };
}
