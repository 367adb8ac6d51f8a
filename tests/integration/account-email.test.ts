import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "~schema";
import { requestEmailChange } from "~/features/accounts/account.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { testEngine } from "../support/database";
import { type TestServices, withTestServices } from "../support/services";
import { outcome } from "../support/outcome";
import { signIn } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";

describe(`change of e-mail on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made), ORIGIN);

  const open = (link: string, cookie: string) => env.services.auth.handler(new Request(link, { headers: { cookie } }));

  it("asks for a new address when it is empty or the current one", async () => {
    const headers = new Headers({ cookie: await signIn(env, "same@example.com"), origin: ORIGIN });
    for (const newEmail of ["", "   ", " SAME@example.com "]) {
      expect(await outcome(requestEmailChange(env.services, { currentEmail: "same@example.com", newEmail, headers }))).toEqual({
        ok: false,
        key: "email.emailRequired",
        status: 400,
      });
    }
    expect(await outcome(requestEmailChange(env.services, { currentEmail: "same@example.com", newEmail: "nope", headers }))).toEqual({
      ok: false,
      key: "email.emailInvalid",
      status: 400,
    });
  });

  it("changes the address only after the current inbox confirms and the new inbox verifies", async () => {
    const cookie = await signIn(env, "old@example.com");
    const headers = new Headers({ cookie, origin: ORIGIN });
    expect(await requestEmailChange(env.services, { currentEmail: "old@example.com", newEmail: " New@Example.com ", headers })).toEqual({
      newEmail: "new@example.com",
    });

    const confirmation = env.outbox.list()[0]!;
    expect(confirmation.to).toBe("old@example.com");
    const afterConfirm = await open(confirmation.link!, cookie);
    expect(afterConfirm.headers.get("location")).toBe("/my-account");
    const [still] = await handle.db.select({ email: user.email }).from(user).where(eq(user.email, "old@example.com"));
    expect(still).toBeTruthy();

    const verificationMail = env.outbox.list()[0]!;
    expect(verificationMail.to).toBe("new@example.com");
    await open(verificationMail.link!, cookie);
    const session = await env.services.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe("new@example.com");
  });

  // Asking to move to an address that already has an account must look exactly like asking to move to a free one,
  // or "change e-mail" tells anyone whether an address is registered here.
  it("tells the asker the same thing whether or not the new address has an account", async () => {
    await signIn(env, "taken@example.com");
    const seen: Array<{ subject: string; to: string; linked: boolean; afterConfirm: string | null }> = [];
    for (const [asker, target] of [
      ["asker-a@example.com", "free@example.com"],
      ["asker-b@example.com", "taken@example.com"],
    ] as const) {
      const cookie = await signIn(env, asker);
      env.outbox.clear();
      const headers = new Headers({ cookie, origin: ORIGIN });
      expect(await requestEmailChange(env.services, { currentEmail: asker, newEmail: target, headers })).toEqual({ newEmail: target });
      const confirmation = env.outbox.list().find((m) => m.to === asker);
      const afterConfirm = confirmation?.link ? (await open(confirmation.link, cookie)).headers.get("location") : null;
      seen.push({ subject: confirmation?.subject ?? "", to: confirmation?.to ?? "", linked: Boolean(confirmation?.link), afterConfirm });
    }
    expect(seen[1]).toEqual({ ...seen[0], to: "asker-b@example.com" });
    expect(seen[0]).toMatchObject({ linked: true, afterConfirm: "/my-account" });
    // The owner of the taken address is told, with no link that could move an account onto theirs.
    const notice = env.outbox.list().find((m) => m.to === "taken@example.com");
    expect(notice?.subject).toMatch(/already/i);
    expect(notice?.link ?? "").not.toContain("verify-email");
    const [kept] = await handle.db.select({ email: user.email }).from(user).where(eq(user.email, "asker-b@example.com"));
    expect(kept).toBeTruthy();
  });

  it("limits how often one member asks, with its own message", async () => {
    const cookie = await signIn(env, "eager@example.com");
    const headers = new Headers({ cookie, origin: ORIGIN });
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(
        await outcome(requestEmailChange(env.services, { currentEmail: "eager@example.com", newEmail: `next-${i}@example.com`, headers })),
      );
    }
    expect(attempts.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(attempts[5]).toEqual({ ok: false, key: "email.tooMany", status: 429 });
  });

  it("turns a refusal by Better Auth into 'updateFailed'", async () => {
    // Without a session Better Auth refuses the change.
    const result = await outcome(
      requestEmailChange(env.services, {
        currentEmail: "ghost@example.com",
        newEmail: "other@example.com",
        headers: new Headers({ origin: ORIGIN }),
      }),
    );
    expect(result).toMatchObject({ ok: false, key: "email.updateFailed" });
    expect((result as { status: number }).status).toBeGreaterThanOrEqual(400);
  });
});
