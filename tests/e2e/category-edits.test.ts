import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser, reactOwns } from "./support";

/** This file's moderator (ADMIN_EMAILS of the e2e server). */
const EDITOR = "categories@example.com";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The home page as a new anonymous visitor gets it (the micro-cache's stored copy when there is one). */
const home = async (language: "en" | "es") => {
  const response = await fetch(`${site()}/`, { headers: { cookie: `age_verified=true; lang=${language}`, "accept-language": language } });
  expect(response.status).toBe(200);
  return response.text();
};

/** The category's section on the desk, named by its English name. */
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function save(page: Page, name: string, values: { nameEn: string; nameEs: string; order?: string }) {
  const form = section(page, name);
  await reactOwns(form.getByRole("button", { name: "Save changes" }));
  await form.getByLabel("Name (English)").fill(values.nameEn);
  await form.getByLabel("Name (Spanish)").fill(values.nameEs);
  if (values.order !== undefined) await form.getByLabel("Order in the bar (0 comes first)").fill(values.order);
  await form.getByRole("button", { name: "Save changes" }).click();
}

describe("the desk edits categories", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(`a moderator renames a category and the home page shows it on the next request (${viewport.width}×${viewport.height})`, async () => {
      const page = await newSitePage(browser);
      await page.setViewportSize(viewport);
      await signInModerator(page, EDITOR);
      // The home page is stored for anonymous visitors: fill that copy first, so the edit must empty it.
      expect(await home("en")).toContain("Feet");
      const renamed = `Feet ${viewport.width} ${Date.now().toString(36)}`;

      await page.goto(`${site()}/admin/categories`);
      await hydrated(page);
      const order = await section(page, "Feet").getByLabel("Order in the bar (0 comes first)").inputValue();
      try {
        // A name of spaces passes the browser's check and is refused by the server beside its field.
        await save(page, "Feet", { nameEn: "   ", nameEs: "Pies" });
        const field = section(page, "Feet").getByLabel("Name (English)");
        await section(page, "Feet").getByText("Give the category a name of 1 to 60 characters on one line.").waitFor();
        expect(await field.getAttribute("aria-invalid")).toBe("true");

        await save(page, "Feet", { nameEn: renamed, nameEs: `${renamed} es`, order: "0" });
        await section(page, renamed).getByText("Saved. The change shows on the next request.").waitFor();
        // Nothing sticks out sideways, on a phone too.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        expect(await home("en")).toContain(renamed);
        expect(await home("es")).toContain(`${renamed} es`);

        await page.goto(`${site()}/admin/audit`);
        await hydrated(page);
        await page.getByText("Category edited").first().waitFor();
        await page.goto(`${site()}/admin/categories`);
        await hydrated(page);
      } finally {
        // The other files of the run see the seeded category.
        if ((await section(page, renamed).count()) > 0) {
          await save(page, renamed, { nameEn: "Feet", nameEs: "Pies", order });
          await section(page, "Feet").getByText("Saved. The change shows on the next request.").waitFor();
        }
      }
      expect(await home("en")).not.toContain(renamed);
      await page.context().close();
    });
  }
});
