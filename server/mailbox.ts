import express, { type Request, type RequestHandler } from "express";
import type { Outbox, OutboxEntry } from "../app/lib/mail/index.server";
import { isLoopbackPeer } from "./visitor";

export const MAILBOX_PATH = "/dev/mailbox";

// A proxy on this machine makes every visitor look local, and not every proxy says it forwarded
// the request. So the socket must be loopback AND the Host header must be a local name: a proxy
// passes on the public host name its visitors asked for (docs/decisions/095-mailbox-and-loopback.md).
// Forwarding headers can only deny, never grant.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];
const LOCAL_HOST = /^(?:localhost|(?:[a-z0-9-]+\.)+localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

function fromThisMachine(req: Request): boolean {
  return (
    isLoopbackPeer(req) && LOCAL_HOST.test(req.headers.host ?? "") && !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)
  );
}

/**
 * The outbox at `/dev/mailbox` (HTML) and `/dev/mailbox.json`, for people running
 * the site without SMTP. Mount at the root: `app.use(mailboxRouter(outbox))`.
 * Everyone but the machine itself, and everyone when SMTP is configured, falls
 * through to the site's own 404, so the page's existence is not revealed.
 */
export function mailboxRouter(outbox: Outbox | null): express.Router {
  const router = express.Router();
  if (!outbox) return router;

  const localOnly: RequestHandler = (req, res, next) => {
    if (!fromThisMachine(req)) return next("router");
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    next();
  };
  router.get(MAILBOX_PATH, localOnly, (_req, res) => void res.type("html").send(mailboxPage(outbox.list())));
  router.get(`${MAILBOX_PATH}.json`, localOnly, (_req, res) => void res.json(outbox.list()));
  return router;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function linkHtml(link: string | undefined): string {
  if (!link) return "";
  const safe = /^https?:\/\//i.test(link);
  const shown = escapeHtml(link);
  return `<p class="link">${safe ? `<a href="${shown}">${shown}</a>` : shown}</p>`;
}

function messageHtml(m: OutboxEntry): string {
  const sentAt = m.sentAt.toISOString();
  return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${sentAt}">${sentAt}</time></p>
${linkHtml(m.link)}
<pre>${escapeHtml(m.text)}</pre>
</article>`;
}

// Self-contained and script-free: the site's CSP admits scripts only with a nonce.
function mailboxPage(messages: OutboxEntry[]): string {
  const body = messages.length ? messages.map(messageHtml).join("\n") : "<p>No messages yet.</p>";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>Mailbox (${messages.length})</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 50rem; padding: 1rem; background: #111; color: #ddd; }
article { border: 1px solid #333; border-radius: 6px; padding: 0 1rem; margin: 1rem 0; }
h2 { font-size: 1.1rem; margin: .8rem 0 .2rem; }
.meta { color: #999; margin: 0; }
a { color: #fb923c; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; background: #1b1b1b; padding: .6rem; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<p>E-mail is not delivered because SMTP_URL is not set. The newest ${messages.length === 1 ? "message is" : "messages are"} listed first; reload for new ones.</p>
${body}
</body>
</html>
`;
}
