import { randomUUID } from "node:crypto";
import { request } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, signInModerator, site } from "./sign-in";
import { baseURL, hydrated, launchBrowser } from "./support";

// The moderation desk worked as a moderator works it (ADR 053): search across queues, a bulk
// decision, the keyboard flow from item to item, and the e-mail that tells each sender the outcome.

/** The desk's own moderator (ADMIN_EMAILS of the e2e server): an address may ask for 3 sign-in links in 10 minutes. */
const ADMIN = "desk@example.com";
const run = randomUUID().slice(0, 8);

let browser: Browser;
let admin: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newSitePage(browser);
  await signInModerator(admin, ADMIN);
}, 120_000);
afterAll(() => browser?.close());

/**
 * A visitor's form, posted from its own loopback address (each form allows 5 records per address
 * in 10 minutes, and the other e2e files use 127.0.0.1 and 127.0.0.2).
 */
function post(path: string, fields: Record<string, string>, from: string, language = "en"): Promise<number> {
  const target = new URL(baseURL());
  const body = new URLSearchParams({ ...fields, _js: "1" }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: "POST",
        localAddress: from,
        headers: {
          // The browser's view: the public origin (React Router refuses an action whose Origin differs from its host).
          host: new URL(site()).host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: site(),
          cookie: `age_verified=true; lang=${language}`,
          "accept-language": language,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}
/** The outbox at /dev/mailbox, until a message to `to` arrives (the e-mail is a background job). */
async function mailTo(to: string): Promise<Mail> {
  for (let i = 0; i < 150; i++) {
    const mails = (await (await fetch(`${baseURL()}/dev/mailbox.json`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

const go = async (path: string) => {
  await admin.goto(`${site()}${path}`);
  await hydrated(admin);
};
const main = () => admin.getByRole("main");
const rowOf = (text: string) => main().getByRole("list", { name: "Items" }).getByRole("listitem").filter({ hasText: text });

describe("the moderation desk", () => {
  const reporters = [1, 2, 3].map((n) => `reporter-${n}-${run}@example.com`);

  it("finds items across queues, by text, e-mail and short id", { timeout: 120_000 }, async () => {
    for (const [n, email] of reporters.entries())
      expect(
        await post(
          "/report",
          { contentUrl: `https://elsewhere.example/${run}/${n}`, description: `Stolen clip ${n} ${run}`, email },
          "127.0.0.3",
        ),
      ).toBe(200);
    expect(
      await post(
        "/contato",
        { name: "Lucía", email: `lucia-${run}@example.com`, subject: `Pregunta ${run}`, message: "¿Cómo funciona la asociación?" },
        "127.0.0.3",
        "es",
      ),
    ).toBe(200);

    // "/" jumps to the desk's search from anywhere in the back-end.
    await go("/admin");
    await admin.keyboard.press("/");
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe("desk-search");
    await admin.keyboard.type(run);
    await admin.keyboard.press("Enter");
    await admin.waitForURL(/\/admin\/search\?q=/);
    await main().getByRole("heading", { name: "Search the desk", level: 1 }).waitFor();
    for (const n of [0, 1, 2]) await rowOf(`Stolen clip ${n} ${run}`).getByText("Content reports").waitFor();
    await rowOf(`Pregunta ${run}`).getByText("Contact messages").waitFor();
    expect(await main().getByRole("list", { name: "Items" }).getByRole("listitem").count()).toBe(4);

    // By an address, and by the short id a row shows.
    await go(`/admin/search?q=${encodeURIComponent(reporters[1]!)}`);
    expect(await main().getByRole("list", { name: "Items" }).getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining(`Stolen clip 1 ${run}`),
    ]);
    const shortId = (await rowOf(`Stolen clip 1 ${run}`)
      .getByText(/^#[0-9a-f]{8}$/)
      .textContent())!;
    await go(`/admin/search?q=${encodeURIComponent(shortId)}`);
    await rowOf(`Stolen clip 1 ${run}`).waitFor();
    expect(await main().getByRole("list", { name: "Items" }).getByRole("listitem").count()).toBe(1);
    await go("/admin/search?q=ab");
    await main().getByRole("alert").filter({ hasText: "Type at least 3 characters to search." }).waitFor();
  });

  it("resolves several reports in one action, each audited and each sender told by e-mail", { timeout: 120_000 }, async () => {
    await go(`/admin/reports?q=${run}`);
    for (const n of [0, 1]) await rowOf(`Stolen clip ${n} ${run}`).getByRole("checkbox").check();
    const bulk = main().getByRole("form", { name: /selected/ });
    await bulk.getByRole("heading", { name: "2 selected" }).waitFor();
    await bulk.getByLabel("Reason to resolve").selectOption({ label: "Request accepted" });
    await bulk.getByLabel("Note for the sender (optional)").fill("Thank you for telling us.");
    await bulk.getByRole("button", { name: "Resolve" }).click();
    await bulk.getByRole("status").filter({ hasText: "2 items resolved; their senders' e-mails are queued. Skipped: 0." }).waitFor();
    await expect.poll(() => rowOf(`Stolen clip 0 ${run}`).count()).toBe(0);
    expect(await rowOf(`Stolen clip 1 ${run}`).count()).toBe(0);
    await rowOf(`Stolen clip 2 ${run}`).waitFor();

    for (const email of reporters.slice(0, 2)) {
      const mail = await mailTo(email);
      expect(mail.subject).toBe("Spicy Clips: we have reviewed your report");
      expect(mail.text).toContain("Your request has been accepted.");
      expect(mail.text).toContain("A note from the moderator: Thank you for telling us.");
    }
    // Each item has its own audit row.
    await go("/admin/audit");
    expect(
      await main().getByRole("row").filter({ hasText: "Resolved" }).filter({ hasText: "accepted — Thank you for telling us." }).count(),
    ).toBeGreaterThanOrEqual(2);
  });

  it(
    "works from the keyboard: j/k move, o opens, x rejects with a reason, and the next item opens with the outcome announced",
    { timeout: 120_000 },
    async () => {
      await go(`/admin/reports?q=${run}`);
      await admin.keyboard.press("?");
      const help = admin.getByRole("dialog", { name: "Keyboard shortcuts" });
      await help.getByText("Reject (choose a reason, Enter)").waitFor();
      await admin.keyboard.press("Escape");
      await help.waitFor({ state: "hidden" });

      await admin.keyboard.press("j");
      expect(await admin.evaluate(() => document.activeElement?.textContent)).toContain(`Stolen clip 2 ${run}`);
      await admin.keyboard.press("o");
      await admin.waitForURL(/\/admin\/reports\/[0-9a-f-]{36}$/);
      await hydrated(admin);
      const id = admin.url().split("/").pop()!;
      await admin.getByRole("article").getByText(`Stolen clip 2 ${run}`).waitFor();
      // x goes to the reasons for rejecting; the arrow keys pick one, Enter confirms.
      await admin.keyboard.press("x");
      expect(await admin.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("not_found");
      await admin.keyboard.press("ArrowDown");
      await admin.keyboard.press("Enter");
      const status = admin.getByRole("status").filter({ hasText: `Rejected #${id.slice(0, 8)} (No rule or law broken)` });
      await status.waitFor();
      expect(admin.url()).not.toContain(id);
      // Focus lands on the heading of what opened next, right above the announcement.
      expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe("H1");
      const mail = await mailTo(reporters[2]!);
      expect(mail.text).toContain("Decision: declined.");
      expect(mail.text).toContain("found that it breaks neither the law nor our rules");
    },
  );

  it("answers in the sender's language: a Spanish message gets a Spanish e-mail", { timeout: 120_000 }, async () => {
    await go(`/admin/contact?q=${run}`);
    await rowOf(`Pregunta ${run}`).getByRole("link").first().click();
    await admin.waitForURL(/\/admin\/contact\/[0-9a-f-]{36}$/);
    await hydrated(admin);
    await admin.getByText("Language: Spanish").waitFor();
    await admin.getByRole("form", { name: "Reason to resolve" }).getByLabel("Note for the sender (optional)").fill("Te escribimos pronto.");
    await admin.getByRole("button", { name: "Resolve", exact: true }).click();
    await admin.getByRole("status").filter({ hasText: "Resolved #" }).waitFor();
    const mail = await mailTo(`lucia-${run}@example.com`);
    expect(mail.subject).toBe("Spicy Clips: hemos revisado tu mensaje");
    expect(mail.text).toContain("Hemos atendido tu mensaje.");
    expect(mail.text).toContain("Una nota del moderador: Te escribimos pronto.");
  });
});
