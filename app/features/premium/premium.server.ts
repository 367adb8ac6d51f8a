import { and, eq, lte } from "drizzle-orm";
import { premiumActivations, profiles } from "~schema";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput } from "~/lib/http/errors";
import { BETA_DAYS, BETA_PLAN, isBetaCode } from "./promo";

const DAY_MS = 86_400_000;

export interface PremiumState {
  isPremium: boolean;
  planType: string | null;
  premiumSource: string | null;
  premiumStartsAt: Date | null;
  premiumExpiresAt: Date | null;
}

/** docs/product.md §2.5: premium means flagged premium and not expired (no expiry date means it does not expire). */
export function isPremium(profile: PremiumState | null | undefined, now: Date = new Date()): boolean {
  if (!profile?.isPremium) return false;
  return !profile.premiumExpiresAt || profile.premiumExpiresAt.getTime() > now.getTime();
}

/** The profile's columns that make up its PremiumState. */
const PREMIUM_COLUMNS = {
  isPremium: profiles.isPremium,
  planType: profiles.planType,
  premiumSource: profiles.premiumSource,
  premiumStartsAt: profiles.premiumStartsAt,
  premiumExpiresAt: profiles.premiumExpiresAt,
};

const NOT_PREMIUM = { isPremium: false, planType: null, premiumSource: null, premiumStartsAt: null, premiumExpiresAt: null } as const;

export type ProfileView = PremiumState & { premium: boolean; dailyGoalSeconds: number | null; username: string | null };

/**
 * The user's profile with its premium state, or null when there is none yet.
 * Expired premium is cleared in the database as it is read (ADR 019).
 */
export async function readProfile(db: Database, userId: string, now: Date = new Date()): Promise<ProfileView | null> {
  const [row] = await db
    .select({ ...PREMIUM_COLUMNS, dailyGoalSeconds: profiles.dailyGoalSeconds, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) return null;
  if (row.isPremium && !isPremium(row, now)) {
    // Only the expired activation is cleared: a new one that lands meanwhile has a later expiry.
    await db
      .update(profiles)
      .set({ ...NOT_PREMIUM, updatedAt: now })
      .where(and(eq(profiles.id, userId), lte(profiles.premiumExpiresAt, now)));
    return { ...row, ...NOT_PREMIUM, premium: false };
  }
  return { ...row, premium: isPremium(row, now) };
}

/**
 * Redeems a promo code: a premium_activations row and the profile flags, in one
 * transaction (the profile row is created when missing and locked, so two
 * activations at once give one). Refusals are expected errors worded in
 * `premium` (ADR 024): an unknown code 400, premium already active 409.
 */
export async function activatePremium(
  db: Database,
  input: { userId: string; code: string; now?: Date },
): Promise<{ plan: string; expiresAt: Date }> {
  if (!isBetaCode(input.code)) throw new InvalidInput("errors.invalidCode");
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + BETA_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: input.userId }).onConflictDoNothing();
    const [profile] = await tx.select(PREMIUM_COLUMNS).from(profiles).where(eq(profiles.id, input.userId)).for("update");
    if (isPremium(profile, now)) throw new Conflict("errors.alreadyActive");
    await tx
      .insert(premiumActivations)
      .values({ userId: input.userId, planType: BETA_PLAN, source: "promo_code", startsAt: now, expiresAt });
    await tx
      .update(profiles)
      .set({
        isPremium: true,
        planType: BETA_PLAN,
        premiumSource: "promo_code",
        premiumStartsAt: now,
        premiumExpiresAt: expiresAt,
        updatedAt: now,
      })
      .where(eq(profiles.id, input.userId));
    return { plan: BETA_PLAN, expiresAt };
  });
}
