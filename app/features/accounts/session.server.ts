import { data, type RouterContextProvider } from "react-router";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// One lookup per request, shared by the root loader and the page's loaders.
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null (an expired or revoked session reads as signed out). */
export function getUser(args: Args): Promise<SessionUser | null> {
  let pending = cache.get(args.request);
  if (!pending) {
    pending = getServices(args)
      .auth.api.getSession({ headers: args.request.headers })
      .then((result) =>
        result
          ? {
              id: result.user.id,
              email: result.user.email,
              name: result.user.name,
              createdAt: new Date(result.user.createdAt).toISOString(),
            }
          : null,
      )
      .catch(() => null);
    cache.set(args.request, pending);
  }
  return pending;
}

/** The user, or a thrown 401 that the page renders as 'Access Required' (STYLE 4). */
export async function requireUser(args: Args): Promise<SessionUser> {
  const current = await getUser(args);
  if (current) return current;
  const t = await serverT(getVisitor(args).language, "accounts");
  throw data({ accessRequired: true, title: t("access.title"), message: t("access.message") }, { status: 401 });
}
