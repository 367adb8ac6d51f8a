import type { Browser, Page } from "playwright-core";
import { baseURL, hydrated, newPage, reactOwns } from "./support";

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
 * Signs in the way a person does: the header's 'Sign in' dialog, then the link from the mailbox.
 * Every call counts against the server's per-IP sign-in limit (SIGN_IN_LIMIT_PER_IP, raised for the
 * e2e run in global-setup). `server` is the suite's server unless a test started its own; the page
 * browses its public origin (localhost). Returns the (now used) link.
 */
export async function signIn(page: Page, email: string, server = baseURL()): Promise<string> {
  const origin = server.replace("127.0.0.1", "localhost");
  await page.goto(`${origin}/`);
  await hydrated(page);
  const signInLink = page.locator("header").getByRole("link", { name: "Sign in" });
  await reactOwns(signInLink);
  await signInLink.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send magic link" }).click();
  await dialog.getByText("Email sent!").waitFor();
  const link = await mailTo(email, "magic-link", server);
  await page.goto(link);
  await page.getByRole("heading", { name: "Authentication Successful!" }).waitFor();
  // The callback page goes home on its own after 1.5 s: let it, before the test navigates.
  await page.waitForURL(`${origin}/`);
  await hydrated(page);
  await accountMenu(page, email).waitFor();
  return link;
}
