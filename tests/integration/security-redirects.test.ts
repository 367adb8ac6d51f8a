import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/http/redirect";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";

// Each of these passed an earlier, weaker check and ended on another site (or could, once a browser read them): ADR 090.
const HOSTILE = [
  "/.//evil.example/x",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/\\/evil.example",
  "/%5c/evil.example",
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/ /evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "http:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
];

/** Where a browser on the site would land after following `location`. */
function landing(location: string | null, site: string): string {
  return new URL(location ?? "", site).origin;
}

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/tag/x?page=2#top")).toBe("/tag/x?page=2#top");
    expect(safeRedirectPath("/video/abc-123")).toBe("/video/abc-123");
    expect(safeRedirectPath("/search?q=a%2Fb")).toBe("/search?q=a%2Fb");
  });

  it.each(HOSTILE)("refuses %j", (value) => {
    const result = safeRedirectPath(value);
    expect(result).toBe("/");
  });

  it("never returns anything a browser resolves to another origin", () => {
    for (const value of HOSTILE) {
      const result = safeRedirectPath(value, "/home");
      expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
      expect(result).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe(`same-site redirects through the app on ${testEngine()}`, () => {
  let app: TestApp;
  withTestApp((made) => ({ app } = made));

  it.each(HOSTILE)("POST /preferences redirectTo=%j stays on the site", async (redirectTo) => {
    const res = await fetch(`${app.url}/preferences`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ language: "es", redirectTo }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(landing(res.headers.get("location"), app.url)).toBe(app.url);
  });

  it("POST /preferences follows a genuine same-site path", async () => {
    const res = await fetch(`${app.url}/preferences`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ language: "es", redirectTo: "/tag/feet?page=2" }),
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/tag/feet?page=2");
  });

  it.each(HOSTILE.filter(Boolean))("the magic-link callback's next=%j ends on the site", async (next) => {
    const res = await fetch(`${app.url}/auth/callback.data?next=${encodeURIComponent(next)}`);
    const body = await res.text();
    expect(body).not.toContain("evil.example");
  });

  it.each(HOSTILE.filter(Boolean))("the sign-in page's next=%j ends on the site", async (next) => {
    const res = await fetch(`${app.url}/auth/sign-in.data?next=${encodeURIComponent(next)}`);
    const body = await res.text();
    expect(body).not.toContain("evil.example");
  });
});
