import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { premiumActivations, profiles, user } from "~schema";
import { activatePremium, readProfile } from "~/features/premium/premium.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { outcome } from "../support/outcome";
import { createTestDatabase, testEngine } from "../support/database";

const DAY = 86_400_000;

describe(`premium activation and expiry on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  async function newUser(withProfile = true) {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "", email: `${id}@example.com` });
    if (withProfile) await handle.db.insert(profiles).values({ id });
    return id;
  }
  const activationsOf = (id: string) => handle.db.select().from(premiumActivations).where(eq(premiumActivations.userId, id));
  const profileOf = async (id: string) => (await handle.db.select().from(profiles).where(eq(profiles.id, id)))[0];

  it("refuses a wrong code and changes nothing", async () => {
    const id = await newUser();
    for (const code of ["letmein", ""])
      expect(await outcome(activatePremium(handle.db, { userId: id, code }))).toEqual({
        ok: false,
        key: "errors.invalidCode",
        status: 400,
      });
    expect(await activationsOf(id)).toHaveLength(0);
    expect((await profileOf(id))!.isPremium).toBe(false);
  });

  it("activates 30 days of beta with 'userbeta' in any case: one activation row and the profile flags", async () => {
    const id = await newUser();
    const now = new Date("2026-11-22T10:00:00.000Z");
    const result = await activatePremium(handle.db, { userId: id, code: " UserBeta ", now });
    const expiresAt = new Date(now.getTime() + 30 * DAY);
    expect(result).toEqual({ plan: "beta", expiresAt });

    const activations = await activationsOf(id);
    expect(activations).toHaveLength(1);
    expect(activations[0]).toMatchObject({ planType: "beta", source: "promo_code", startsAt: now, expiresAt });
    expect(await profileOf(id)).toMatchObject({
      isPremium: true,
      planType: "beta",
      premiumSource: "promo_code",
      premiumStartsAt: now,
      premiumExpiresAt: expiresAt,
    });
    expect(await readProfile(handle.db, id, new Date(now.getTime() + DAY))).toMatchObject({ premium: true, planType: "beta" });
  });

  it("creates the profile row when the user has none yet", async () => {
    const id = await newUser(false);
    expect(await activatePremium(handle.db, { userId: id, code: "USERBETA" })).toMatchObject({ plan: "beta" });
    expect((await profileOf(id))!.isPremium).toBe(true);
  });

  it("says 'already active' while premium lasts, and adds no second activation", async () => {
    const id = await newUser();
    const now = new Date();
    await activatePremium(handle.db, { userId: id, code: "userbeta", now });
    expect(await outcome(activatePremium(handle.db, { userId: id, code: "userbeta", now: new Date(now.getTime() + DAY) }))).toEqual({
      ok: false,
      key: "errors.alreadyActive",
      status: 409,
    });
    expect(await activationsOf(id)).toHaveLength(1);
  });

  it("gives one activation when two race", async () => {
    const id = await newUser();
    const results = await Promise.all([
      outcome(activatePremium(handle.db, { userId: id, code: "userbeta" })),
      outcome(activatePremium(handle.db, { userId: id, code: "userbeta" })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await activationsOf(id)).toHaveLength(1);
  });

  it("fails for an account that does not exist and leaves nothing behind", async () => {
    const ghost = randomUUID();
    await expect(activatePremium(handle.db, { userId: ghost, code: "userbeta" })).rejects.toThrow();
    expect(await activationsOf(ghost)).toHaveLength(0);
  });

  it("clears expired premium as the profile is read, with a clock the test controls", async () => {
    const id = await newUser();
    const start = new Date("2026-01-01T00:00:00.000Z");
    await activatePremium(handle.db, { userId: id, code: "userbeta", now: start });

    const dayBefore = new Date(start.getTime() + 29 * DAY);
    expect(await readProfile(handle.db, id, dayBefore)).toMatchObject({ premium: true, isPremium: true });
    expect((await profileOf(id))!.isPremium).toBe(true);

    const after = new Date(start.getTime() + 30 * DAY + 1000);
    expect(await readProfile(handle.db, id, after)).toMatchObject({
      premium: false,
      isPremium: false,
      planType: null,
      premiumExpiresAt: null,
    });
    expect(await profileOf(id)).toMatchObject({
      isPremium: false,
      planType: null,
      premiumSource: null,
      premiumStartsAt: null,
      premiumExpiresAt: null,
    });
    // The activation history stays; a new code works again after expiry.
    expect(await activationsOf(id)).toHaveLength(1);
    expect(await activatePremium(handle.db, { userId: id, code: "userbeta", now: after })).toMatchObject({ plan: "beta" });
  });

  it("reads no profile as null", async () => {
    expect(await readProfile(handle.db, randomUUID())).toBeNull();
  });
});
