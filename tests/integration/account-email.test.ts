import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../db/schema";
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
