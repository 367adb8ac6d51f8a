import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

// Profile editing (issue: account controls of trusted sites): a member chooses a username — unique whatever its
// case, 3 to 30 characters — shown in the header menu instead of the address's local part, and each change is
// mailed to the account's address.

describe(`choosing a username on ${testEngine()}`, () => {
  let app: TestApp;
  let handle: DatabaseHandle;
  withTestApp((made) => ({ app, handle } = made), { env: { AGE_GATE: false } });

  const post = (cookie: string, fields: Record<string, string>, language = "en") =>
    fetch(`${app.url}/my-account`, {
      method: "POST",
      headers: { cookie: `${cookie}; lang=${language}`, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "changeUsername", ...fields }),
      redirect: "manual",
    });
  const usernameOf = async (email: string) =>
    (
      await handle.db
        .select({ username: profiles.username })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(user.email, email))
    )[0]?.username ?? null;
  const mailsTo = (to: string) => app.env.outbox.list().filter((m) => m.to === to && !m.link?.includes("magic-link"));

  it("is set on the account page, shown in the header instead of the address, and mailed", async () => {
    const email = "quiet.reader.seven@example.com";
    const cookie = await signIn(app.env, email);
    const page = await (await fetch(`${app.url}/my-account`, { headers: { cookie } })).text();
    expect(page).toContain('name="username"');

    const saved = await post(cookie, { username: "Night_Owl" });
    expect(saved.status).toBeLessThan(400);
    expect(await usernameOf(email)).toBe("Night_Owl");
    const home = await (await fetch(`${app.url}/`, { headers: { cookie } })).text();
    expect(home).toContain("Night_Owl");
    expect(home).not.toContain("quiet.reader.seven");
    expect(mailsTo(email).map((m) => m.subject)).toContain("Your Spicy Clips username was changed");
  });

  it("refuses a short, long or malformed username with a translated 400, changing nothing", async () => {
    const email = "short.name@example.com";
    const cookie = await signIn(app.env, email);
    for (const [username, message] of [
      ["ab", "A username needs at least 3 characters."],
      ["x".repeat(31), "A username can have at most 30 characters."],
      ["<b>bold</b>", "Use letters, digits, spaces, dots, dashes and underscores only."],
    ] as const) {
      const refused = await post(cookie, { username });
      expect(refused.status, username).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    const spanish = await post(cookie, { username: "ab" }, "es");
    expect(spanish.status).toBe(400);
    expect(await spanish.text()).toContain("Un nombre de usuario necesita al menos 3 caracteres.");
    expect(await usernameOf(email)).toBeNull();
    expect(mailsTo(email)).toHaveLength(0);
  });

  it("refuses a username another member has, whatever its case, with a 409 — also when both ask at once", async () => {
    const first = await signIn(app.env, "first.owner@example.com");
    const second = await signIn(app.env, "second.owner@example.com");
    expect((await post(first, { username: "Marigold" })).status).toBeLessThan(400);
    const taken = await post(second, { username: "MARIGOLD" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This username is already taken. Please choose another one.");

    const answers = await Promise.all([post(first, { username: "Same-Time" }), post(second, { username: "same-time" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([expect.any(Number), 409]);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.filter((a) => a.status < 400)).toHaveLength(1);
  });

  it("can be cleared: the header shows the address's local part again", async () => {
    const email = "clears.it@example.com";
    const cookie = await signIn(app.env, email);
    expect((await post(cookie, { username: "Temporary" })).status).toBeLessThan(400);
    expect((await post(cookie, { username: "" })).status).toBeLessThan(400);
    expect(await usernameOf(email)).toBeNull();
    expect(await (await fetch(`${app.url}/`, { headers: { cookie } })).text()).toContain("clears.it");
  });
});
