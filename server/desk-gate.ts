import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { hasSessionCookie } from "../app/features/accounts/index.server";
import { isModerator } from "../app/features/moderation/index.server";
import type { Services, Visitor } from "../app/lib/context";
import type { BuildSource } from "./react-router";

/** The desk's layout route (app/routes/admin.tsx); every desk route sits under it. */
const DESK_ROUTE_ID = "routes/admin";

/** A page or data request under the desk, or a route-discovery request naming a desk path. */
const DESK_PATH = /^\/admin(?:[/.]|$)/;

/**
 * The build without the desk: no desk route to match, no desk module in the manifest, no desk translations.
 * A path under /admin then falls to the catch-all 404 exactly as any unknown address does.
 */
export function withoutDesk(build: ServerBuild): ServerBuild {
  const desk = new Set<string>();
  const under = (id: string | undefined): boolean => id !== undefined && (id === DESK_ROUTE_ID || under(build.routes[id]?.parentId));
  for (const id of Object.keys(build.routes)) if (under(id)) desk.add(id);
  const keep = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => !desk.has(id)));
  return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } } as ServerBuild;
}

/** The same build source without the desk; each loaded build is stripped once. */
export function buildWithoutDesk(build: BuildSource): BuildSource {
  const stripped = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const loaded = await build();
    let without = stripped.get(loaded);
    if (!without) stripped.set(loaded, (without = withoutDesk(loaded)));
    return without;
  };
}

/** Whether the request concerns the desk: a path under /admin, or route discovery for one. */
export function asksForDesk(req: Request): boolean {
  if (DESK_PATH.test(req.path)) return true;
  if (req.path !== "/__manifest") return false;
  const paths = typeof req.query.paths === "string" ? req.query.paths : "";
  return paths.split(",").some((path) => DESK_PATH.test(path.startsWith("/") ? path : `/${path}`));
}

/**
 * The moderation desk's first guard (ADR 120): anything under /admin asked by someone who is not a moderator
 * — or on the companion brand — is answered by the build without the desk, so the answer is the site's
 * ordinary 404, byte for byte the page of any unknown address: no desk route module, manifest entry or
 * translation reaches the browser. A failed session lookup hides the desk too (the page then reports the
 * outage as every page does). Route-discovery answers that name desk routes are kept out of shared caches.
 */
export function deskGate(services: Services, full: RequestHandler, hidden: RequestHandler): RequestHandler {
  const { db, auth } = services;
  const isModeratorRequest = async (req: Request, visitor: Visitor | undefined): Promise<boolean> => {
    if (visitor?.brandMode === "conscious") return false;
    if (!hasSessionCookie(req.headers.cookie ?? null)) return false;
    try {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      return session ? await isModerator(db, session.user.email) : false;
    } catch {
      return false;
    }
  };
  return (req, res, next) => {
    if (!asksForDesk(req)) return full(req, res, next);
    isModeratorRequest(req, res.locals.visitor as Visitor | undefined).then((moderator) => {
      if (req.path === "/__manifest") {
        // Route discovery answers are marked immutable and public; one that depends on who asks must stay private.
        const append = res.append.bind(res);
        res.append = (field: string, value?: string | string[]) =>
          field.toLowerCase() === "cache-control" ? append(field, "private, no-store") : append(field, value);
      }
      (moderator ? full : hidden)(req, res, next);
    }, next);
  };
}
