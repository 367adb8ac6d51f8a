import { safeRedirectPath } from "./http/redirect";

// The addresses of the sign-in hand-off between the adult site and Conscious Mode's own host
// (docs/decisions/122-sign-in-handoff-between-hosts.md); the steps themselves are in auth-handoff.server.ts.

/** Better Auth's paths (under /api/auth). */
export const HANDOFF_PATHS = { begin: "/handoff/begin", grant: "/handoff/grant", finish: "/handoff/finish" } as const;

/** Where a hand-off that could not finish leads: the sign-in page, which says so. */
export const HANDOFF_FAILED_QUERY = "handoff=failed";

/** The first step, on Conscious Mode's host (`companionOrigin`, or this host when empty), ending on `next` there. */
export function handoffBeginUrl(companionOrigin: string, next: string): string {
  return `${companionOrigin}/api/auth${HANDOFF_PATHS.begin}?${new URLSearchParams({ next: safeRedirectPath(next) })}`;
}
