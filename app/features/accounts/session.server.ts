import { isAPIError } from "better-auth/api";
import { data, type RouterContextProvider } from "react-router";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { hasSessionCookie, sessionCacheOf } from "./session-cache.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  /** Two-factor authentication: on for the account, and passed by this session (ADR 121). */
  twoFactor: { enabled: boolean; passed: boolean };
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// One lookup per request, shared by the root loader and the page's loaders.
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null (an expired or revoked session reads as signed out).
 * A lookup that fails for another reason — the database is unreachable — is
 * logged and thrown as a translated 503, never read as "signed out"
 * (ADR 101): a signed-in visitor must not be shown a signed-out page.
 */
export function getUser(args: Args): Promise<SessionUser | null> {
  let pending = cache.get(args.request);
  if (!pending) {
    pending = lookUp(args);
    cache.set(args.request, pending);
  }
  return pending;
}

async function lookUp(args: Args): Promise<SessionUser | null> {
  const services = getServices(args);
  try {
    const cookie = args.request.headers.get("cookie");
    // No session cookie, no session: Better Auth is not asked (most visitors are anonymous).
    if (!hasSessionCookie(cookie)) return null;
    const cache = await sessionCacheOf<SessionUser>(services.db);
    const ask = async () => {
      const result = await services.auth.api.getSession({ headers: args.request.headers });
      if (!result) return null;
      const user = {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        createdAt: new Date(result.user.createdAt).toISOString(),
        twoFactor: { enabled: Boolean(result.user.twoFactorEnabled), passed: Boolean(result.session.twoFactorVerified) },
      };
      return { user, session: { token: result.session.token, expiresAt: new Date(result.session.expiresAt) } };
    };
    return cache ? await cache.lookUp(cookie, ask) : ((await ask())?.user ?? null);
  } catch (error) {
    // The auth library answers 401 for a session deleted while it was being refreshed: signed out.
    if (isAPIError(error) && error.statusCode === 401) return null;
    services.log.error({ err: error, url: args.request.url }, "session lookup failed");
    const t = await serverT(getVisitor(args).language, "accounts");
    throw data({ title: t("unavailable.title"), message: t("unavailable.message") }, { status: 503, headers: { "Retry-After": "5" } });
  }
}

/** The user, or a thrown 401 that the page renders as 'Access Required' (docs/product.md §8.7). */
export async function requireUser(args: Args): Promise<SessionUser> {
  const current = await getUser(args);
  if (current) return current;
  throw await accessRequired(args);
}

/** The 401 'Access Required' answer, for a guard to throw. */
export async function accessRequired(args: Args) {
  const t = await serverT(getVisitor(args).language, "accounts");
  return data({ accessRequired: true, title: t("access.title"), message: t("access.message") }, { status: 401 });
}
