// The pages the layout walk visits (layout-walk-visitor.test.ts, layout-walk-member.test.ts), as route patterns: every page of
// app/routes.ts is in one of the two lists (tests/unit/layout-walk-pages.test.ts), so a new page is walked too.

/** What fills a pattern's parameters: a clip, its first tag and its creator; a desk queue and one of its items. */
export interface PageValues {
  video: string;
  tag: string;
  creator: string;
  queue: string;
  item: string;
}

/** Signed out. The companion landing goes before the pages that switch back (`?mode=adult`). */
export const VISITOR_PAGES = [
  "/",
  "/video/:videoId",
  "/tag/:slug",
  "/creator/:slug",
  "/search?q=neon",
  "/search?q=zzzzqqq",
  "/following",
  "/watch-history",
  "/what-the-feed-learned",
  "/submit",
  "/report",
  "/claim-this-content",
  "/esse-conteudo-e-meu",
  "/promote-content",
  "/promote-only-fans",
  "/contato",
  "/sobre",
  "/sobre-nos",
  "/termos-de-uso",
  "/politica-de-privacidade",
  "/ativar",
  "/auth/sign-in",
  "/auth/callback",
  "/auth/confirm-link",
  "/auth/two-factor",
  "/weekly-email/unsubscribe",
  "/a-page-that-does-not-exist",
  "/?mode=sfw&source=header_premium_button&cta=premium",
  "/insights",
  "/done",
  // Conscious Mode's 404 for a clip's address, with its way to the main site.
  "/video/:videoId",
  "/?mode=adult",
] as const;

/** Signed in with a 40-character address, a moderator: the member's pages and every section of the desk. */
export const MEMBER_PAGES = [
  "/",
  "/video/:videoId",
  "/tag/:slug",
  "/liked-videos",
  "/following",
  "/watch-history",
  "/what-the-feed-learned",
  "/my-account",
  "/my-account/security",
  "/my-creator",
  "/insights",
  "/insights/week",
  "/premium-success",
  "/submit",
  "/search?q=neon",
  "/admin",
  "/admin/:queue",
  "/admin/:queue/:id",
  "/admin/search?q=walk",
  "/admin/jobs",
  "/admin/audit",
  "/admin/copies",
  "/admin/clips",
  "/admin/creators",
  "/admin/categories",
  "/admin/creator-claims",
  "/admin/creator-edits",
] as const;

/** A screenshot for a person to look at (390×844 and 1440×900, both languages); `fullPage` for the whole page. */
export interface Shot {
  name: string;
  fullPage?: boolean;
}
export const VISITOR_SHOTS: Record<string, Shot> = {
  "/": { name: "home" },
  "/video/:videoId": { name: "clip", fullPage: true },
  "/?mode=sfw&source=header_premium_button&cta=premium": { name: "conscious-landing", fullPage: true },
};
export const MEMBER_SHOTS: Record<string, Shot> = {
  "/": { name: "header-signed-in" },
  "/admin/:queue": { name: "desk-queue", fullPage: true },
  "/admin/:queue/:id": { name: "desk-item", fullPage: true },
  "/admin/categories": { name: "desk-categories", fullPage: true },
  "/my-account": { name: "member-page", fullPage: true },
  "/insights/week": { name: "weekly-report", fullPage: true },
};

/** The address a pattern stands for. */
export function fill(pattern: string, values: PageValues): string {
  return pattern
    .replace("/video/:videoId", values.video)
    .replace("/tag/:slug", values.tag)
    .replace("/creator/:slug", values.creator)
    .replace("/admin/:queue/:id", `/admin/${values.queue}/${values.item}`)
    .replace("/admin/:queue", `/admin/${values.queue}`);
}
