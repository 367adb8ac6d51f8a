import { desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  clips,
  contactMessages,
  contentClaims,
  contentReports,
  contentSubmissions,
  creatorClaims,
  creatorPageEdits,
  creators,
  partnershipApplications,
  premiumActivations,
  profiles,
  user,
  userFlames,
} from "~schema";
import type { BrandMode } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import { consciousExport } from "~/features/conscious/index.server";
import { followsExport } from "~/features/follows/index.server";
import { watchDataExport } from "~/features/signals/index.server";

/**
 * Where each table that names a member (a foreign key to `user`) appears in their data export, or why it does not.
 * A test reads the schema's foreign keys and fails when a table is missing here, so new personal data cannot be
 * left out of the export unnoticed.
 */
export const EXPORT_COVERAGE: Record<string, { in: string } | { not: string }> = {
  user: { in: "account" },
  profiles: { in: "account" },
  premium_activations: { in: "premium" },
  usage_sessions: { in: "consciousMode.sessions" },
  conscious_pauses: { in: "consciousMode.pauses" },
  weekly_mail_subscriptions: { in: "consciousMode.weeklyEmail" },
  user_flames: { in: "flames" },
  creator_follows: { in: "following" },
  creator_claims: { in: "creatorPages" },
  creator_page_edits: { in: "creatorPageEdits" },
  watch_events: { in: "watch.watchEvents" },
  clip_views: { in: "watch.watchHistory" },
  visitor_affinities: { in: "watch.feedAffinities" },
  dismissed_clips: { in: "watch.notInterested" },
  visitor_feed_settings: { in: "watch.feedSettings" },
  content_submissions: { in: "forms.submissions" },
  content_reports: { in: "forms.reports" },
  content_claims: { in: "forms.claims" },
  contact_messages: { in: "forms.contact" },
  partnership_applications: { in: "forms.partnership" },
  member_exports: { not: "this export's own copies, deleted 24 hours after they are ready" },
  user_flame_counts: { not: "counts derived from the flames listed" },
  session: { not: "sign-in tokens: secrets, not data about the member" },
  account: { not: "the sign-in method's credentials" },
  two_factor: { not: "the authenticator secret and backup codes" },
};

/** Form columns a visitor did not write: the desk's private note and its search text. */
const INTERNAL_FORM_COLUMNS = new Set(["moderatorNote", "searchText"]);

/** The forms a person sent, signed in or by address (as account deletion finds them, ADR 094), newest first. */
async function formsOf(db: Database, userId: string, email: string) {
  const read = async (table: PgTable & { userId: never; email: never; createdAt: never }) => {
    const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !INTERNAL_FORM_COLUMNS.has(name)));
    return db
      .select(columns)
      .from(table)
      .where(or(eq(table.userId, userId), sql`lower(${table.email}) = ${email}`))
      .orderBy(desc(table.createdAt));
  };
  const [submissions, reports, claims, contact, partnership] = await Promise.all(
    [contentSubmissions, contentReports, contentClaims, contactMessages, partnershipApplications].map((table) => read(table as never)),
  );
  return { submissions, reports, claims, contact, partnership };
}

/**
 * "Download my data": everything the site stores about a member, as one JSON document. Conscious Mode's copy holds
 * the account, premium and Conscious Mode's own data only — no clip, creator, category or form (the companion site
 * never answers adult data); the adult site's copy holds everything.
 */
export async function memberExport(db: Database, userId: string, brand: BrandMode) {
  const [owner] = await db
    .select({ id: user.id, email: user.email, createdAt: user.createdAt, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner) return null;
  const [profile] = await db
    .select({
      username: profiles.username,
      isPremium: profiles.isPremium,
      planType: profiles.planType,
      premiumExpiresAt: profiles.premiumExpiresAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const premium = await db
    .select({
      planType: premiumActivations.planType,
      source: premiumActivations.source,
      startsAt: premiumActivations.startsAt,
      expiresAt: premiumActivations.expiresAt,
    })
    .from(premiumActivations)
    .where(eq(premiumActivations.userId, userId))
    .orderBy(desc(premiumActivations.startsAt));
  const base = {
    exportedAt: new Date().toISOString(),
    account: { ...owner, profile: profile ?? null },
    premium,
    consciousMode: await consciousExport(db, userId, { withCategories: brand === "adult" }),
  };
  if (brand === "conscious") return base;
  const flames = await db
    .select({ clip: clips.slug, title: clips.title, at: userFlames.createdAt })
    .from(userFlames)
    .innerJoin(clips, eq(clips.id, userFlames.clipId))
    .where(eq(userFlames.userId, userId))
    .orderBy(desc(userFlames.createdAt));
  const creatorPages = await db
    .select({
      creator: creators.slug,
      status: creatorClaims.status,
      code: creatorClaims.code,
      askedAt: creatorClaims.createdAt,
      decidedAt: creatorClaims.decidedAt,
    })
    .from(creatorClaims)
    .innerJoin(creators, eq(creators.id, creatorClaims.creatorId))
    .where(eq(creatorClaims.userId, userId))
    .orderBy(desc(creatorClaims.createdAt));
  const creatorPageEditsOf = await db
    .select({
      creator: creators.slug,
      status: creatorPageEdits.status,
      bio: creatorPageEdits.bio,
      bioEs: creatorPageEdits.bioEs,
      twitterProfileUrl: creatorPageEdits.twitterProfileUrl,
      websiteUrl: creatorPageEdits.websiteUrl,
      newAvatar: sql<boolean>`${creatorPageEdits.avatarKey} is not null`,
      proposedAt: creatorPageEdits.createdAt,
      decidedAt: creatorPageEdits.decidedAt,
    })
    .from(creatorPageEdits)
    .innerJoin(creators, eq(creators.id, creatorPageEdits.creatorId))
    .where(eq(creatorPageEdits.userId, userId))
    .orderBy(desc(creatorPageEdits.createdAt));
  return {
    ...base,
    flames,
    creatorPages,
    creatorPageEdits: creatorPageEditsOf,
    following: await followsExport(db, userId),
    watch: await watchDataExport(db, userId),
    forms: await formsOf(db, userId, owner.email.toLowerCase()),
  };
}
