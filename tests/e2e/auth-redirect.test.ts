import { describe, expect, it } from "vitest";
import { baseURL } from "./support";

describe("sign-in redirects stay on this site", () => {
  it("drops an off-site ?next= from the sign-in form", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const html = await (await fetch(`${baseURL()}/auth/sign-in?next=${encodeURIComponent(next)}`)).text();
      expect(html).toContain('name="next" value="/"');
      expect(html).not.toMatch(/(href|value)="(https:)?\/\/evil\.example/);
    }
  });

  it("refuses a magic link whose callback leads elsewhere", async () => {
    const response = await fetch(`${baseURL()}/api/auth/sign-in/magic-link`, {
      method: "POST",
      headers: { origin: baseURL().replace("127.0.0.1", "localhost"), "content-type": "application/json" },
      body: JSON.stringify({ email: "redirect@example.com", callbackURL: "https://evil.example/steal" }),
    });
    expect(response.status).toBe(403);
  });

  it("sends the callback page home, never off-site, after a sign-in", async () => {
    const html = await (
      await fetch(`${baseURL()}/auth/callback?next=${encodeURIComponent("https://evil.example")}&error=INVALID_TOKEN`)
    ).text();
    expect(html).toContain("Invalid or expired authentication link");
    expect(html).not.toMatch(/(href|content|value)="(https?:)?\/\/evil\.example/);
  });
});
