import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMenu, site, signIn } from "./sign-in";
import { hydrated, launchBrowser, newPage, reactOwns } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const followers = async (page: Page) => Number((await page.locator("[data-stat=followers] dd").textContent())!.replace(/\D/g, ""));
const followButton = (page: Page) => page.locator("main").getByTestId("follow-button").first();

/** The server's answer to a follow (the button flips before it arrives). */
const answered = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/follows") && response.request().method() === "POST" && response.ok());

/** A visitor on the public origin (where sign-in cookies live), past the age gate, at this screen size. */
async function visitor(viewport: { width: number; height: number }) {
  const page = await newPage(browser, { viewport, touch: viewport.width < 600 });
  await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
  return page;
}

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 }, creator: "aurora-vale", email: "follower-phone@example.com" },
  { name: "desktop", viewport: { width: 1440, height: 900 }, creator: "iris-montano", email: "follower-desktop@example.com" },
])("following a creator on a $name", ({ viewport, creator, email }) => {
  it("follow → the Following tab shows the creator's newest clip; the follow survives a reload and moves to the account on sign-in", async () => {
    const page = await visitor(viewport);
    await page.goto(`${site()}/following`);
    await hydrated(page);
    await page.getByTestId("following-empty").getByRole("heading", { name: "You do not follow anyone yet" }).waitFor();

    await page.goto(`${site()}/creator/${creator}`);
    await hydrated(page);
    const newest = (await page.locator("main article h3").first().textContent())!.trim();
    const before = await followers(page);
    const button = followButton(page);
    await reactOwns(button);
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    await button.click();
    await page.locator('main [data-testid="follow-button"][aria-pressed="true"]').first().waitFor();
    await expect.poll(() => followers(page)).toBe(before + 1);

    // A shared (anonymous) page carries no follow state: the button asks, and says Following.
    await page.reload();
    await hydrated(page);
    await page.locator('main [data-testid="follow-button"][aria-pressed="true"]').first().waitFor();
    expect(await followButton(page).textContent()).toContain("Following");

    // The home feed's tab leads to the followed creator's newest clip first.
    await page.goto(`${site()}/`);
    await hydrated(page);
    const tab = page.getByTestId("following-tab");
    await reactOwns(tab);
    await tab.click();
    await page.waitForURL(`${site()}/following`);
    await page.getByTestId("following-clips").waitFor();
    expect((await page.locator("main article h3").first().textContent())!.trim()).toBe(newest);
    expect(await page.getByTestId("feed-tabs").getByRole("link", { name: "Following" }).getAttribute("aria-current")).toBe("page");

    // Signing in keeps the follow: it is the account's now, listed in My account.
    await signIn(page, email);
    await page.goto(`${site()}/my-account`);
    await hydrated(page);
    const list = page.getByTestId("following-list");
    await list.getByRole("link", { name: new RegExp(creator.split("-")[0]!, "i") }).waitFor();
    await page.goto(`${site()}/creator/${creator}`);
    await hydrated(page);
    expect(await followButton(page).getAttribute("aria-pressed")).toBe("true");
    await accountMenu(page, email).waitFor();

    // Unfollowing from the clip page takes the creator off the tab.
    await page.locator("main article a").first().click();
    await page.waitForURL(/\/video\//);
    await hydrated(page);
    const onClip = page.locator('main [data-testid="follow-button"][aria-pressed="true"]').first();
    await reactOwns(onClip);
    // The button flips at once; the server's answer is what counts.
    await Promise.all([answered(page), onClip.click()]);
    await page.locator('main [data-testid="follow-button"][aria-pressed="false"]').first().waitFor();
    await page.goto(`${site()}/following`);
    await hydrated(page);
    await page.getByTestId("following-empty").waitFor();
    await page.context().close();
  });
});

describe("follow refusals", () => {
  it("answers a bad creator 400, an unknown one 404 and a tampered page link 400, each with a translated message", async () => {
    const post = (body: string, language = "en") =>
      fetch(`${site()}/api/follows`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: site(),
          cookie: "age_verified=true",
          "accept-language": language,
        },
        body,
      });
    const bad = await post("creator=Not%20a%20slug&following=true");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, errors: { form: "That is not a creator's address." } });
    const unknown = await post("creator=nobody-by-this-name&following=true", "es");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, errors: { form: "Este creador ya no existe." } });
    const tampered = await fetch(`${site()}/following?after=yesterday`, {
      headers: { cookie: "age_verified=true", "accept-language": "en" },
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("This page link is not valid.");
  });

  it("lets a feed visitor reach the follow button through the clip's creator link", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, touch: true });
    await page.goto("/");
    await hydrated(page);
    const creatorLink = page.locator(".feed-info a[href^='/creator/']").first();
    await reactOwns(creatorLink);
    const href = (await creatorLink.getAttribute("href"))!;
    await creatorLink.click();
    await page.waitForURL(`**${href}`);
    await hydrated(page);
    const follow = followButton(page);
    await reactOwns(follow);
    await Promise.all([answered(page), follow.click()]);
    await page.locator('main [data-testid="follow-button"][aria-pressed="true"]').first().waitFor();
    await page.goto("/following");
    await hydrated(page);
    await page.getByTestId("following-clips").waitFor();
    await page.context().close();
  });
});

describe("creator page", () => {
  it("shows the seeded avatar, the followers tile and sorts by Popular and Recent", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, touch: true });
    await page.goto("/creator/kai-solano");
    await hydrated(page);
    const avatar = page.locator("main header img").first();
    expect(await avatar.getAttribute("src")).toBe("/media/avatars/demo-kai-solano.jpg");
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
    expect(await page.locator("[data-stat=followers] dd").textContent()).toMatch(/^\d[\d,]*$/);
    const sorts = page.getByRole("navigation", { name: "Sort clips" });
    expect(await sorts.getByRole("link", { name: "Recent" }).getAttribute("aria-current")).toBe("true");
    await sorts.getByRole("link", { name: "Popular" }).click();
    await page.waitForURL(/\/creator\/kai-solano\?sort=popular$/);
    await sorts.locator('a[aria-current="true"]', { hasText: "Popular" }).waitFor();
    const response = await fetch(`${page.url().replace("?sort=popular", "?sort=oldest")}`, {
      redirect: "manual",
      headers: { cookie: "age_verified=true" },
    });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location")!, page.url()).pathname).toBe("/creator/kai-solano");
    await page.context().close();
  });
});
