import { randomUUID } from "node:crypto";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";
import { newSitePage, signIn, signInModerator, site } from "./sign-in";

// The moderation back-end (docs/product.md §10) end to end: what visitors send through the five forms reaches
// the moderator's queues, and hiding a reported clip takes it off every public page until it is shown again.
// Sign-ins here: admin@example.com (ADMIN_EMAILS of the e2e server) once, and one ordinary member.

const ADMIN = "admin@example.com";
const run = randomUUID().slice(0, 8);

let browser: Browser;
let admin: Page;
let relay: Relay;
beforeAll(async () => {
  browser = await launchBrowser();
  relay = await relayFrom("127.0.0.2", new URL(baseURL()));
  admin = await newSitePage(browser);
  await signInModerator(admin, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await relay?.close();
});

interface Relay {
  url: string;
  close: () => Promise<void>;
}

/**
 * A TCP relay whose connections reach the server from another loopback address. The forms allow
 * 5 records per form and IP in 10 minutes, and forms.test.ts uses up the partnership form's share
 * of 127.0.0.1 in the same run: the visitor of this file arrives from 127.0.0.2 instead.
 */
async function relayFrom(localAddress: string, target: URL): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port), localAddress });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A visitor (past the age gate) whose form posts count against 127.0.0.2's limits. */
async function relayedVisitor(): Promise<Page> {
  const context = await browser.newContext({ baseURL: relay.url, locale: "en-US", viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "age_verified", value: "true", url: relay.url }]);
  await context.addInitScript(() => window.localStorage.setItem("age_verified", "true"));
  return context.newPage();
}

async function openForm(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

const adminGo = async (path: string) => {
  const response = await admin.goto(`${site()}${path}`);
  await hydrated(admin);
  return response;
};

const QUEUE_LABELS = {
  submissions: "Content submissions",
  reports: "Content reports",
  "claims-partnership": "Claims: partnership",
  "claims-removal": "Claims: removal",
  contact: "Contact messages",
  partnerships: "Partnership applications",
} as const;
type Queue = keyof typeof QUEUE_LABELS;
/** The first reason each queue offers for resolving, preselected: [key, label]. */
const FIRST_REASON: Record<Queue, [string, string]> = {
  submissions: ["published", "Published"],
  reports: ["removed", "Content removed"],
  "claims-partnership": ["accepted", "Request accepted"],
  "claims-removal": ["removed", "Content removed"],
  contact: ["answered", "Answered"],
  partnerships: ["accepted", "Request accepted"],
};
const AUDIT_TARGETS: Record<Queue, string> = {
  submissions: "submissions",
  reports: "reports",
  "claims-partnership": "claims: partnership",
  "claims-removal": "claims: removal",
  contact: "contact",
  partnerships: "partnerships",
};

/** The dashboard's row of one queue: open and overdue items, and the decisions of the last 7 days. */
async function dashboardRow(queue: Queue) {
  const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: QUEUE_LABELS[queue], exact: true }) });
  const cells = await row.getByRole("cell").allTextContents();
  const [open, overdue, decided] = cells.map((c) => c.trim());
  return { open: Number(open), overdue, decided: Number(decided) };
}

async function dashboard() {
  await adminGo("/admin");
  await admin.getByRole("heading", { name: "Moderation dashboard", level: 1 }).waitFor();
  const counts = {} as Record<Queue, Awaited<ReturnType<typeof dashboardRow>>>;
  for (const queue of Object.keys(QUEUE_LABELS) as Queue[]) counts[queue] = await dashboardRow(queue);
  return counts;
}

/** Opens a queue from the admin navigation, as a moderator does. */
async function openQueue(queue: Queue) {
  await adminGo("/admin");
  await admin
    .getByRole("navigation", { name: "Moderation sections" })
    .getByRole("link", { name: QUEUE_LABELS[queue], exact: true })
    .click();
  await admin.waitForURL(`${site()}/admin/${queue}`);
  await admin.getByRole("heading", { name: QUEUE_LABELS[queue], level: 1 }).waitFor();
  return admin.getByRole("main");
}

/** The item page's fields (its description list) as { name: value }. */
async function fieldsOf(item: Locator): Promise<Record<string, string>> {
  const fields = item.getByRole("region", { name: "Fields", exact: true });
  const [names, values] = await Promise.all([fields.getByRole("term").allTextContents(), fields.getByRole("definition").allTextContents()]);
  expect(names.length).toBe(values.length);
  return Object.fromEntries(names.map((name, i) => [name, values[i]!]));
}
const fieldValue = async (item: Locator, name: string) => (await fieldsOf(item))[name];

/** The audit log's rows (on the page open now) about `target`, oldest first, without their time. */
async function auditEntries(target: string) {
  await admin.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
  const rows = admin.getByRole("row").filter({ has: admin.getByRole("cell", { name: target, exact: true }) });
  const entries = await Promise.all((await rows.all()).map(async (row) => (await row.getByRole("cell").allTextContents()).slice(1)));
  return entries.reverse();
}

describe("moderation back-end", () => {
  it("answers 404 at /admin to visitors and to signed-in members who are not moderators", { timeout: 90_000 }, async () => {
    const visitor = await newPage(browser);
    for (const path of ["/admin", "/admin/reports", "/admin/audit"]) {
      expect((await visitor.goto(path))?.status(), path).toBe(404);
    }
    await visitor.context().close();

    const member = await newSitePage(browser);
    await signIn(member, `member-${run}@example.com`);
    for (const path of ["/admin", "/admin/claims-removal"]) {
      expect((await member.goto(`${site()}${path}`))?.status(), path).toBe(404);
    }
    await member.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    // Inside the site shell, like any other 404.
    await member.getByRole("contentinfo").waitFor();
    await member.locator("header").getByRole("link", { name: "Spicy Clips home" }).waitFor();
    expect(await member.getByRole("navigation", { name: "Moderation sections" }).count()).toBe(0);
    await member.context().close();

    // The admin of the same server gets the dashboard.
    expect((await adminGo("/admin"))?.status()).toBe(200);
  });

  it("shows every form's record in its queue, with a private note, Resolve and the audit log", { timeout: 240_000 }, async () => {
    const before = await dashboard();

    // A visitor sends one record through each of the five forms (the claim form twice: one per position).
    const sent = {
      submissions: `Creator ${run}`,
      reports: `https://elsewhere.example/report-${run}`,
      "claims-partnership": `https://elsewhere.example/partner-${run}`,
      "claims-removal": `https://elsewhere.example/remove-${run}`,
      contact: `Question ${run}`,
      partnerships: `https://fans.example/apply-${run}`,
    } satisfies Record<Queue, string>;
    const visitor = await relayedVisitor();

    await openForm(visitor, "/submit");
    await visitor.getByRole("main").getByLabel("Creator name").fill(sent.submissions);
    await visitor.getByRole("main").getByLabel("Category").selectOption("Cosplay");
    await visitor.getByRole("main").getByLabel("Tags").fill("cosplay, blonde");
    await visitor.getByRole("main").getByLabel("Image or video link").fill(`https://example.com/clip-${run}.mp4`);
    await visitor.getByRole("main").getByLabel("Sales profile link").fill(`https://fans.example/profile-${run}`);
    await visitor.getByRole("button", { name: "Submit for review" }).click();
    await visitor.waitForURL((url) => url.pathname === "/");

    await openForm(visitor, "/report");
    await visitor.getByRole("main").getByLabel("Content URL").fill(sent.reports);
    await visitor.getByRole("main").getByLabel("Description").fill(`Posted without consent (${run}).`);
    await visitor.getByRole("button", { name: "Send report" }).click();
    await visitor.getByText("Report submitted successfully!").first().waitFor();

    for (const [queue, choice] of [
      ["claims-partnership", "I want to establish a partnership channel"],
      ["claims-removal", "I want this content to be removed"],
    ] as const) {
      await openForm(visitor, "/claim-this-content");
      const form = visitor.getByRole("main");
      await form.getByLabel("Content link").fill(sent[queue]);
      await form.getByLabel("Contact e-mail").fill(`claimant-${run}@example.com`);
      await form.getByLabel(choice).check();
      if (queue === "claims-removal") {
        // A removal request is a notice: its elements appear once removal is chosen, and are required.
        await form.getByRole("button", { name: "Send claim" }).click();
        await form.getByText("Please type your full name as your signature").waitFor();
        await form.getByRole("radio", { name: /was published without consent/ }).check();
        await form.getByLabel(/What the content shows/).fill(`It shows me, filmed without my agreement (${run}).`);
        await form.getByLabel(/I state in good faith/).check();
        await form.getByLabel("Your full name (signature)").fill("Ava Example");
      }
      await visitor.getByRole("button", { name: "Send claim" }).click();
      await visitor.getByText("Claim submitted successfully!").first().waitFor();
    }

    await openForm(visitor, "/contato");
    await visitor.getByRole("main").getByLabel("Name").fill("Ava");
    await visitor.getByRole("main").getByLabel("Contact e-mail").fill(`ava-${run}@example.com`);
    await visitor.getByRole("main").getByLabel("Subject").fill(sent.contact);
    await visitor.getByRole("main").getByLabel("Message").fill(`A question about the site (${run}).`);
    await visitor.getByRole("button", { name: "Send message" }).click();
    await visitor.getByText("Message sent successfully!").first().waitFor();

    await openForm(visitor, "/promote-content");
    await visitor.getByRole("main").getByLabel("Sales platform URL").fill(sent.partnerships);
    await visitor.getByRole("main").getByLabel("Main social network URL").fill(`https://x.com/ava-${run}`);
    await visitor.getByRole("main").getByLabel("Contact e-mail").fill(`partner-${run}@example.com`);
    await visitor.getByRole("button", { name: "Apply for partnership" }).click();
    await visitor.getByText("Partnership application submitted successfully!").first().waitFor();
    await visitor.context().close();

    // The dashboard counts one more open item in each queue.
    const received = await dashboard();
    for (const queue of Object.keys(QUEUE_LABELS) as Queue[]) {
      expect(received[queue], queue).toMatchObject({ open: before[queue].open + 1, decided: before[queue].decided });
    }
    // Only reports and removal claims run against the 48-hour deadline; nothing is overdue yet.
    expect([received.reports.overdue, received["claims-removal"].overdue, received.contact.overdue]).toEqual(["0", "0", "—"]);

    const ids = {} as Record<Queue, string>;
    for (const queue of Object.keys(QUEUE_LABELS) as Queue[]) {
      // The queue lists the record; claims are split by position.
      const main = await openQueue(queue);
      await main.getByText(new RegExp(`^${received[queue].open} open items?$`)).waitFor();
      const row = main.getByRole("listitem").filter({ hasText: sent[queue] });
      const link = row.getByRole("link").first();
      await link.waitFor();
      if (queue === "claims-partnership")
        expect(await main.getByRole("listitem").filter({ hasText: sent["claims-removal"] }).count()).toBe(0);
      if (queue === "claims-removal")
        expect(await main.getByRole("listitem").filter({ hasText: sent["claims-partnership"] }).count()).toBe(0);

      // Its page shows what the visitor sent.
      await link.click();
      await admin.waitForURL(new RegExp(`/admin/${queue}/[0-9a-f-]{36}$`));
      ids[queue] = admin.url().split("/").pop()!;
      await hydrated(admin);
      const item = admin.getByRole("article", { name: `${QUEUE_LABELS[queue]} · Item details` });
      await item.waitFor();
      await item.getByText(`#${ids[queue].slice(0, 8)}`).waitFor();
      if (queue === "reports" || queue === "claims-removal") await item.getByText("48 h left of 48 h").waitFor();
      if (queue === "claims-removal")
        await item.getByRole("heading", { name: "Removal notice complete · Published without consent" }).waitFor();
      if (queue === "submissions") expect(await fieldValue(item, "Creator name")).toBe(sent.submissions);
      if (queue === "reports") expect(await fieldValue(item, "Description")).toBe(`Posted without consent (${run}).`);
      if (queue.startsWith("claims-"))
        expect(await fieldValue(item, "Position")).toBe(queue === "claims-removal" ? "Removal" : "Partnership");
      if (queue === "contact") expect(await fieldValue(item, "Message")).toBe(`A question about the site (${run}).`);
      if (queue === "partnerships") expect(await fieldValue(item, "E-mail")).toBe(`partner-${run}@example.com`);

      // A private note, kept on the item.
      const note = `Checked by the e2e moderator (${queue} ${run}).`;
      await item.getByLabel("Private moderator note").fill(note);
      await item.getByRole("button", { name: "Save note" }).click();
      await item.getByRole("status").filter({ hasText: "Note saved." }).waitFor();
      await admin.reload();
      await hydrated(admin);
      expect(await item.getByLabel("Private moderator note").inputValue()).toBe(note);

      // Resolve, with the queue's first reason: the desk moves on and says what happened.
      await item.getByRole("button", { name: "Resolve", exact: true }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `Resolved #${ids[queue].slice(0, 8)} (${FIRST_REASON[queue][1]})` })
        .waitFor();
      expect(admin.url()).not.toMatch(new RegExp(`${ids[queue]}$`));
    }

    // Resolved items leave the open counts and join the week's decisions.
    const handled = await dashboard();
    for (const queue of Object.keys(QUEUE_LABELS) as Queue[]) {
      expect(handled[queue], queue).toMatchObject({ open: before[queue].open, decided: before[queue].decided + 1 });
    }
    const resolvedList = await openQueue("contact");
    await resolvedList.getByRole("navigation", { name: "Filter by state" }).getByRole("link", { name: "Resolved" }).click();
    await resolvedList.getByRole("listitem").filter({ hasText: sent.contact }).waitFor();

    // The audit log names the admin, the action, the item (a link to it) and the note or reason.
    await adminGo("/admin/audit");
    for (const queue of Object.keys(QUEUE_LABELS) as Queue[]) {
      const target = `${AUDIT_TARGETS[queue]}: ${ids[queue]}`;
      const entries = await auditEntries(target);
      expect(entries, queue).toEqual([
        [ADMIN, "Note saved", target, `Checked by the e2e moderator (${queue} ${run}).`],
        [ADMIN, "Resolved", target, FIRST_REASON[queue][0]],
      ]);
      expect(await admin.getByRole("link", { name: target }).first().getAttribute("href")).toBe(`/admin/${queue}/${ids[queue]}`);
    }
  });

  describe("hiding a reported clip", () => {
    let clip: { id: string; slug: string; title: string; creatorPath: string; tagPath: string; files: string[] } | undefined;
    let hidden = false;

    // If the test stops half-way, the clip is shown again so the rest of the e2e run sees the catalogue whole.
    afterAll(async () => {
      if (clip && hidden) await admin.request.post(`${site()}/admin/clips`, { form: { intent: "show-clip", clipId: clip.id } });
    });

    /** A fresh visitor's view of the public site: where the clip can be found. */
    async function publicPlaces(target: NonNullable<typeof clip>) {
      const visitor = await newPage(browser);
      const request = visitor.request;
      const videoHref = `href="/video/${target.slug}"`;
      /** Every page of a paged listing, until it ends (404) or shows no clips. */
      const inListing = async (path: string) => {
        for (let page = 1; page <= 50; page++) {
          const response = await request.get(`${path}${path.includes("?") ? "&" : "?"}page=${page}`);
          if (response.status() !== 200) return false;
          const html = await response.text();
          if (html.includes(videoHref)) return true;
          if (!html.includes('href="/video/')) return false;
        }
        return false;
      };
      // The home page, then the feed as it pages in (shuffled per visitor by a cookie the home page sets, so every page is read).
      await visitor.goto("/");
      await hydrated(visitor);
      const homeLinks = await visitor
        .getByRole("main")
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      const feedIds: string[] = [];
      let total = 0;
      for (let offset = 0; offset === 0 || offset < total; offset += 12) {
        const body = (await (await request.get(`/api/feed?offset=${offset}`)).json()) as { clips: { id: string }[]; total: number };
        total = body.total;
        feedIds.push(...body.clips.map((c) => c.id));
        if (body.clips.length === 0) break;
      }
      // The sitemap, or each part of it when it is an index.
      const sitemap = await (await request.get("/sitemap.xml")).text();
      const parts = sitemap.includes("<sitemapindex")
        ? [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"))
        : [];
      const sitemaps = [sitemap, ...(await Promise.all(parts.map(async (url) => (await request.get(url)).text())))];
      const places = {
        feed: feedIds.includes(target.id),
        feedTotal: total,
        home: homeLinks.includes(`/video/${target.slug}`),
        tag: await inListing(target.tagPath),
        creator: await inListing(target.creatorPath),
        search: await inListing(`/search?q=${encodeURIComponent(target.title)}`),
        sitemap: sitemaps.some((xml) => xml.includes(`/video/${target.slug}</loc>`)),
        // Its video and thumbnail, as /media serves them.
        files: await Promise.all(target.files.map(async (url) => (await request.get(url)).status())),
        video: (await visitor.goto(`/video/${target.slug}`))?.status(),
        videoById: (await request.get(`/video/${target.id}`)).status(),
      };
      if (places.video === 404) await visitor.getByRole("heading", { name: "Video Not Found" }).waitFor();
      await visitor.context().close();
      return places;
    }

    it(
      "takes the clip and its files off home, its tag, its creator, search, the sitemap, /media and /video, and Show clip brings it back",
      { timeout: 240_000 },
      async () => {
        // A published clip, as the site shows it: the first of a visitor's feed, then its page.
        const reader = await newPage(browser);
        type FeedClip = { id: string; slug: string; videoUrl: string; thumbnailUrl: string };
        const [first] = ((await (await reader.request.get("/api/feed?offset=0")).json()) as { clips: FeedClip[] }).clips;
        await reader.goto(`/video/${first!.slug}`);
        await hydrated(reader);
        const title = (await reader.getByRole("heading", { level: 1 }).textContent())!.trim();
        const links = await reader
          .getByRole("article", { name: title })
          .first()
          .getByRole("link")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
        const creatorPath = links.find((href) => href.startsWith("/creator/"))!;
        // The clip's last tag: the first ones are the broad audience tags with many pages.
        const tagPath = await reader.getByRole("region", { name: "Tags", exact: true }).getByRole("link").last().getAttribute("href");
        await reader.context().close();
        clip = { id: first!.id, slug: first!.slug, title, creatorPath, tagPath: tagPath!, files: [first!.videoUrl, first!.thumbnailUrl] };
        expect(clip.files).toEqual([expect.stringMatching(/^\/media\/.+\.mp4$/), expect.stringMatching(/^\/media\/.+\.jpg$/)]);
        expect(clip.creatorPath).toMatch(/^\/creator\/[a-z0-9-]+$/);
        expect(clip.tagPath).toMatch(/^\/tag\/[a-z0-9-]+$/);

        const shown = await publicPlaces(clip);
        expect(shown).toMatchObject({
          feed: true,
          tag: true,
          creator: true,
          search: true,
          sitemap: true,
          files: [200, 200],
          video: 200,
          videoById: 200,
        });

        // A visitor reports it from the link the site gives ('/report?video=<id>').
        const visitor = await relayedVisitor();
        await openForm(visitor, `/report?video=${clip.id}`);
        const contentUrl = await visitor.getByRole("main").getByLabel("Content URL").inputValue();
        expect(contentUrl).toMatch(new RegExp(`/video/${clip.id}$`));
        await visitor.getByRole("main").getByLabel("Description").fill(`Please take this down (${run}).`);
        await visitor.getByRole("button", { name: "Send report" }).click();
        await visitor.getByText("Report submitted successfully!").first().waitFor();
        await visitor.context().close();

        // The admin opens the report: it names the clip and can hide it.
        const main = await openQueue("reports");
        await main
          .getByRole("listitem")
          .filter({ hasText: `Please take this down (${run}).` })
          .getByRole("link")
          .first()
          .click();
        await admin.waitForURL(/\/admin\/reports\/[0-9a-f-]{36}$/);
        const reportId = admin.url().split("/").pop()!;
        await hydrated(admin);
        const item = admin.getByRole("article", { name: "Content reports · Item details" });
        const clipSection = item.getByRole("region", { name: "Clip" });
        expect(await clipSection.getByRole("link", { name: title }).getAttribute("href")).toBe(`/video/${clip.slug}`);
        await item.getByRole("button", { name: "Hide clip" }).click();
        hidden = true;
        await clipSection.getByText("This clip is hidden.").waitFor();
        await item.getByRole("button", { name: "Show clip" }).waitFor();

        const gone = await publicPlaces(clip);
        expect(gone).toEqual({
          feed: false,
          feedTotal: shown.feedTotal - 1,
          home: false,
          tag: false,
          creator: false,
          search: false,
          sitemap: false,
          files: [404, 404],
          video: 404,
          videoById: 404,
        });

        // Undo: the clip is back.
        await item.getByRole("button", { name: "Show clip" }).click();
        await item.getByRole("button", { name: "Hide clip" }).waitFor();
        hidden = false;
        expect(await clipSection.getByText("This clip is hidden.").count()).toBe(0);
        const back = await publicPlaces(clip);
        expect(back).toMatchObject({
          feed: true,
          feedTotal: shown.feedTotal,
          tag: true,
          creator: true,
          search: true,
          sitemap: true,
          files: [200, 200],
          video: 200,
          videoById: 200,
        });

        // Both changes are in the audit log, tied to the report.
        await adminGo("/admin/audit");
        // Hiding it after a report also put its fingerprints on the block list; showing it lifted the block.
        // (Rows written in one transaction share their time, so their order among themselves is not fixed.) Another
        // file's moderator may have acted on the same lead clip (captions): only this moderator's entries are counted.
        const mine = (await auditEntries(`clip: ${clip.id}`)).filter((entry) => entry[0] === ADMIN);
        expect(mine.map((entry) => entry.join(" | ")).sort()).toEqual(
          ["Block lifted", "Clip blocked (fingerprints)", "Clip hidden", "Clip shown"].map(
            (action) => `${ADMIN} | ${action} | clip: ${clip!.id} | reports/${reportId}`,
          ),
        );
      },
    );
  });
});
