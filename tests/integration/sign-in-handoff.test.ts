import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";
import { rawRequest, type RawResponse } from "../support/raw-request";
import { signIn } from "../support/sign-in";

const ADULT = "spicy.test";
const CALM = "calm.test";

/** `name=value` pairs a response set (cleared ones left out), joined for a cookie header after `held`. */
function cookiesAfter(held: string, res: RawResponse): string {
  const set = ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .map((c) => ({ pair: c.split(";")[0]!, cleared: /max-age=0/i.test(c) }));
  const names = new Set(set.map((c) => c.pair.split("=")[0]));
  return [...held.split("; ").filter((c) => c && !names.has(c.split("=")[0])), ...set.filter((c) => !c.cleared).map((c) => c.pair)].join(
    "; ",
  );
}

/**
 * A member signed in on the adult site is signed in on Conscious Mode's own host without a second e-mail
 * (ADR 122): begin on the companion host, grant on the adult host, finish on the companion host, each a redirect.
 */
describe(`sign-in hand-off between the adult site and Conscious Mode's host on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let member: string;
  const email = "handoff-member@example.com";
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, {
      origin: `http://${ADULT}`,
      env: {
        CONSCIOUS_HOSTS: [CALM],
        CONSCIOUS_SITE_URL: `http://${CALM}`,
        MAIN_SITE_URL: `http://${ADULT}`,
        AGE_GATE: false,
        MICRO_CACHE_TTL_MS: 0,
      },
    });
    member = await signIn(app.env, email);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** GET `url` (absolute, on either host) at the test app, with `cookie`. */
  const get = (url: string, cookie = "") => {
    const target = new URL(url, `http://${ADULT}`);
    return rawRequest(`${app.url}${target.pathname}${target.search}`, { headers: { host: target.host, cookie } });
  };
  const location = (res: RawResponse) => new URL(String(res.headers.location), "http://relative.invalid");
  // The session a cookie opens, read as the site's pages read it (browsers get 404 from get-session, ADR 115).
  const whoIs = async (cookie: string) =>
    (await app.env.services.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.email ?? null;

  /** The companion browser begins; returns its cookies and where the adult site's grant step is. */
  async function begin(next = "/ativar") {
    const begun = await get(`http://${CALM}/api/auth/handoff/begin?next=${encodeURIComponent(next)}`);
    expect(begun.status).toBe(302);
    const grant = location(begun);
    expect(grant.host).toBe(ADULT);
    expect(grant.pathname).toBe("/api/auth/handoff/grant");
    const companion = cookiesAfter("", begun);
    expect(companion).toMatch(/handoff_state=/);
    expect(String(begun.headers["set-cookie"])).toMatch(/HttpOnly/i);
    return { companion, grant: grant.href };
  }

  it("signs the member in on Conscious Mode's host and lands on the page asked for", async () => {
    const { companion, grant } = await begin("/ativar");
    const granted = await get(grant, member);
    expect(granted.status).toBe(302);
    const finish = location(granted);
    expect(finish.host).toBe(CALM);
    expect(finish.pathname).toBe("/api/auth/handoff/finish");

    const finished = await get(finish.href, companion);
    expect(finished.status).toBe(302);
    expect(String(finished.headers.location)).toBe("/ativar");
    const signedIn = cookiesAfter(companion, finished);
    expect(await whoIs(signedIn)).toBe(email);
    // The state was for one hand-off: its cookie is cleared.
    expect(signedIn).not.toMatch(/handoff_state=/);
  });

  it("opens one session per code: the same code again is refused", async () => {
    const { companion, grant } = await begin();
    const finish = location(await get(grant, member)).href;
    expect((await get(finish, companion)).status).toBe(302);
    const again = await get(finish, companion);
    expect(String(again.headers.location)).toMatch(/^\/auth\/sign-in\?handoff=failed/);
    expect(await whoIs(cookiesAfter(companion, again))).toBeNull();
  });

  it("signs nobody in from another browser: a victim's code without its state, or an attacker's code in a victim's browser", async () => {
    // The attacker begins in their own browser, then sends the grant link to the member (who is signed in).
    const attacker = await begin();
    const victimCode = location(await get(attacker.grant, member)).href;
    // The code reaches only the member's browser, which holds no state: refused, and the code is spent.
    const inVictim = await get(victimCode, "");
    expect(String(inVictim.headers.location)).toMatch(/handoff=failed/);
    // Even if the attacker learned the code, it is gone.
    const inAttacker = await get(victimCode, attacker.companion);
    expect(String(inAttacker.headers.location)).toMatch(/handoff=failed/);
    expect(await whoIs(cookiesAfter(attacker.companion, inAttacker))).toBeNull();

    // The other way: an attacker's own code, finished in a victim browser with a state of its own.
    const attackerAccount = await signIn(app.env, "handoff-attacker@example.com");
    const own = await begin();
    const attackerCode = location(await get(own.grant, attackerAccount)).href;
    const victim = await begin();
    const planted = await get(attackerCode, victim.companion);
    expect(String(planted.headers.location)).toMatch(/handoff=failed/);
    expect(await whoIs(cookiesAfter(victim.companion, planted))).toBeNull();
  });

  it("refuses an expired code", async () => {
    const { companion, grant } = await begin();
    const finish = location(await get(grant, member)).href;
    await handle.db.execute(sql`update verification set expires_at = now() - interval '1 second' where identifier like 'handoff:%'`);
    const late = await get(finish, companion);
    expect(String(late.headers.location)).toMatch(/handoff=failed/);
  });

  it("asks a signed-out visitor to sign in on the adult site first, then comes back to the same step", async () => {
    const { grant } = await begin();
    const asked = await get(grant, "");
    expect(asked.status).toBe(302);
    const signInPage = location(asked);
    expect(signInPage.pathname).toBe("/auth/sign-in");
    expect(signInPage.searchParams.get("next")).toBe(`${new URL(grant).pathname}${new URL(grant).search}`);
  });

  it("only ever lands on a path of the site", async () => {
    for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const { companion, grant } = await begin(next);
      expect(new URL(grant).searchParams.get("next")).toBe("/");
      const finished = await get(location(await get(grant, member)).href, companion);
      expect(String(finished.headers.location)).toBe("/");
    }
  });

  it("says on the sign-in page that the hand-off did not finish", async () => {
    const page = await get(`http://${CALM}/auth/sign-in?handoff=failed&next=%2Fativar`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("could not be finished");
  });
});

describe(`without a host of Conscious Mode's own on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, { env: { AGE_GATE: false } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("has no hand-off to begin", async () => {
    const res = await fetch(`${app.url}/api/auth/handoff/begin?next=/`, { redirect: "manual" });
    expect(res.status).toBe(404);
  });
});
