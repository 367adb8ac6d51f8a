import { data, type RouterContextProvider } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { isModerator } from "~/features/moderation/index.server";
import { goPremiumUrl } from "~/features/premium";
import { readProfile } from "~/features/premium/index.server";
import { isLocalHost } from "~/lib/brand-mode";
import { DATA_SAVER_COOKIE, readCookie } from "~/lib/cookies";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";

// Next to root.tsx rather than in components/: it composes features (session, premium), which
// components may not import.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What the site shell (header, footer, age gate, ads) needs on every page.
 * The root loader returns it; a route refused before any loader runs (an
 * adult route in Conscious Mode) sends it with its 404 so that page keeps the shell.
 */
export async function loadShell(args: Args) {
  const visitor = getVisitor(args);
  const { origin, db, env } = getServices(args);
  const user = await getUser(args);
  const adult = visitor.brandMode === "adult";
  const profile = user ? await readProfile(db, user.id) : null;
  const premium = Boolean(profile?.premium);
  return {
    language: visitor.language,
    brandMode: visitor.brandMode,
    audience: visitor.audience,
    showAgeGate: adult && !mediaAllowedFor(visitor),
    origin,
    // Conscious Mode as a remembered switch of this very host (a local one): its 404s offer the main site's address.
    switchBack: !adult && isLocalHost(args.request.headers.get("host")),
    // Only what the header shows: the member's username, else the part before the "@". The full address never
    // reaches pages that do not show it, where any script could read it from the embedded loader data.
    user: user ? { name: profile?.username || (user.email.split("@")[0] ?? ""), moderator: await isModerator(db, user.email) } : null,
    // docs/product.md §2.5: 'Go Premium' for every visitor without premium on the adult site, signed in or not.
    goPremiumUrl: adult && !premium ? goPremiumUrl(env, args.request.headers.get("host"), Boolean(user)) : null,
    // ADR 060: ads only in adult mode, never for premium users, only when configured.
    adScriptUrl: adult && !premium ? (env.AD_SCRIPT_URL ?? null) : null,
    // The player's Data saver (ADR 155), or the browser's own Save-Data hint: every clip, the server's first one
    // included, starts on the smallest rung. The micro-cache keys on the hint.
    dataSaver:
      readCookie(args.request.headers.get("cookie"), DATA_SAVER_COOKIE) === "on" ||
      args.request.headers.get("save-data")?.toLowerCase() === "on",
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;

/** The 404 for a route refused before the root loader ran: it carries the shell's data (read back by `shellOfError`). */
export async function notFoundWithShell(args: Args) {
  return data({ shell: await loadShell(args) } satisfies { shell: ShellData }, { status: 404 });
}
