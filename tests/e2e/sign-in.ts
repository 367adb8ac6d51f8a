import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { totpCode } from "../support/totp";
import { baseURL, hydrated, newPage } from "./support";

/**
 * Links in e-mails use the server's public origin (http://localhost:PORT), and
 * Better Auth sets its cookie there: signed-in tests run on it.
 */
export const site = () => baseURL().replace("127.0.0.1", "localhost");

/** A page on the public origin whose visitor has already passed the age gate there. */
export async function newSitePage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
  return page;
}

/** The header's account menu, named after the e-mail's local part. */
export const accountMenu = (page: Page, email: string) => page.locator(`summary[aria-label="Account menu for ${email.split("@")[0]}"]`);

interface Mail {
  to: string;
  link: string | null;
}

// Links already followed in this test file: a second sign-in to the same address waits for a new one.
const read = new Set<string>();

/**
 * The newest unread link to `to` in the dev mailbox whose URL contains `kind` (magic-link, verify-email…).
 * `server` is the suite's server unless a test started its own (its loopback URL).
 */
export async function mailTo(to: string, kind: string, server = baseURL()): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${server}/dev/mailbox.json`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === to && m.link?.includes(kind) && !read.has(m.link));
    if (mail?.link) {
      read.add(mail.link);
      return mail.link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/**
 * Signs in through the sign-in form's own request (its no-script post, from the page's browser, so the link is bound
 * to it), then the link from the mailbox, as a person does. The header's dialog itself is tested where it is the
 * subject (link-binding, newcomer-account, sign-in-handoff); here it would cost every signed-in test a page load.
 * Every call counts against the server's per-IP sign-in limit (SIGN_IN_LIMIT_PER_IP, raised for the e2e run in
 * global-setup). `server` is the suite's server unless a test started its own; the page browses its public origin
 * (localhost). Returns the (now used) link.
 */
export async function signIn(page: Page, email: string, server = baseURL()): Promise<string> {
  const origin = server.replace("127.0.0.1", "localhost");
  const asked = await page.request.post(`${origin}/auth/sign-in`, {
    form: { email, mode: "signin", next: "/" },
    headers: { Origin: origin },
  });
  if (!asked.ok()) throw new Error(`the sign-in form's post for ${email} answered ${asked.status()}`);
  const link = await mailTo(email, "magic-link", server);
  await page.goto(link);
  const success = page.getByRole("heading", { name: "Authentication Successful!" });
  const challenge = page.getByRole("heading", { name: "Enter your code" });
  await success.or(challenge).waitFor();
  // With two-factor on, the link opens the challenge: the code the enrolled authenticator would show.
  if (await challenge.isVisible()) {
    const secret = secrets()[keyOf(server, email)];
    if (!secret) throw new Error(`${email} has two-factor on, but no test of this run enrolled it`);
    await page.getByLabel("Code from your authenticator app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await success.waitFor();
  // The callback page goes home on its own after 1.5 s: let it, before the test navigates.
  await page.waitForURL(`${origin}/`);
  await hydrated(page);
  await accountMenu(page, email).waitFor();
  return link;
}

// The authenticator keys enrolled in this e2e run, by address: a file in the suite server's data folder, so every
// test file of the lane shares them with the accounts they belong to. Not the build folder: both lanes serve one
// build, and a key enrolled on one engine's database means nothing on the other's.
const secretsFile = () => path.join(inject("dataDir"), "totp-secrets.json");
// A test may start a server of its own, with its own accounts: the key names the server too.
const keyOf = (server: string, email: string) => `${server} ${email}`;
const secrets = (): Record<string, string> =>
  existsSync(secretsFile()) ? (JSON.parse(readFileSync(secretsFile(), "utf8")) as Record<string, string>) : {};

/**
 * Signs a moderator in as the desk requires (ADR 121): the link, then the code. The first time in a run, two-factor
 * is set up on the security page as a person would: start, read the key shown for typing in, confirm with a code.
 */
export async function signInModerator(page: Page, email: string, server = baseURL()): Promise<string> {
  const link = await signIn(page, email, server);
  if (secrets()[keyOf(server, email)]) return link;
  const origin = server.replace("127.0.0.1", "localhost");
  await page.goto(`${origin}/my-account/security`);
  await hydrated(page);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const key = page.getByTestId("totp-secret");
  await key.waitFor();
  const secret = (await key.textContent())!.replaceAll(" ", "");
  await page.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByTestId("two-factor-on").waitFor();
  writeFileSync(secretsFile(), JSON.stringify({ ...secrets(), [keyOf(server, email)]: secret }));
  return link;
}
