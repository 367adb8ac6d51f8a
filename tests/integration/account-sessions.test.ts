import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe(`a member's signed-in sessions on ${testEngine()}`, () => {
  let app: TestApp;
  let handle: DatabaseHandle;
  withTestApp((made) => ({ app, handle } = made), { env: { AGE_GATE: false } });

  const page = (cookie: string) => fetch(`${app.url}/my-account/security`, { headers: { cookie } });
  const post = (cookie: string, fields: Record<string, string>) =>
    fetch(`${app.url}/my-account/security`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const signedIn = async (cookie: string) => (await app.env.services.auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;

  it("lists every session with its browser and dates, and never a session token", async () => {
    const here = await signIn(app.env, "lister@example.com");
    const there = await signIn(app.env, "lister@example.com");
    const tokens = (await handle.db.select({ token: session.token }).from(session)).map((row) => row.token);
    const [thereToken] = decodeURIComponent(there.split("=")[1]!).split(".");
    await handle.db.update(session).set({ userAgent: FIREFOX }).where(eq(session.token, thereToken!));
    const html = await (await page(here)).text();
    expect(html).toContain("Firefox on Linux");
    expect(html).toContain("This browser");
    expect(html.match(/data-testid="session"/g)).toHaveLength(2);
    expect(html).toContain("Sign out everywhere else");
    for (const token of tokens) expect(html).not.toContain(token);
  });

  it("signs out one other session, mails the address, and refuses another member's session", async () => {
    const here = await signIn(app.env, "one@example.com");
    const there = await signIn(app.env, "one@example.com");
    const [thereToken] = decodeURIComponent(there.split("=")[1]!).split(".");
    const [thereRow] = await handle.db.select({ id: session.id }).from(session).where(eq(session.token, thereToken!));
    await handle.db.update(session).set({ userAgent: FIREFOX }).where(eq(session.id, thereRow!.id));

    const stranger = await signIn(app.env, "stranger@example.com");
    const refused = await post(stranger, { intent: "signOutSession", sessionId: thereRow!.id });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("That session has already ended.");
    expect(await signedIn(there)).toBe(true);

    const mailsBefore = app.env.outbox.list().length;
    const ended = await post(here, { intent: "signOutSession", sessionId: thereRow!.id });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("Firefox on Linux is signed out.");
    expect(await signedIn(there)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    const mail = app.env.outbox.list()[0]!;
    expect(app.env.outbox.list().length).toBe(mailsBefore + 1);
    expect(mail.to).toBe("one@example.com");
    expect(mail.text).toContain("Firefox on Linux was just signed out");
  });

  it("refuses to end the current session from the list (the sign-out button does that)", async () => {
    const here = await signIn(app.env, "current@example.com");
    const [hereToken] = decodeURIComponent(here.split("=")[1]!).split(".");
    const [current] = await handle.db.select({ id: session.id }).from(session).where(eq(session.token, hereToken!));
    const refused = await post(here, { intent: "signOutSession", sessionId: current!.id });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("use “Sign out” on your account page");
    expect(await signedIn(here)).toBe(true);
  });

  it("signs out everywhere else, in Spanish too, and mails the address once", async () => {
    const here = await signIn(app.env, "everywhere@example.com");
    const others = [await signIn(app.env, "everywhere@example.com"), await signIn(app.env, "everywhere@example.com")];
    const ended = await post(`${here}; lang=es`, { intent: "signOutOthers" });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("Se ha cerrado la sesión en todos los demás navegadores.");
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    const mails = app.env.outbox.list().filter((m) => m.to === "everywhere@example.com" && !m.link?.includes("magic-link"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("todos los demás");
  });

  it("asks a visitor to sign in", async () => {
    const answer = await fetch(`${app.url}/my-account/security`);
    expect(answer.status).toBe(401);
  });
});
