import { createRequestHandler } from "@react-router/express";
import type { Request, RequestHandler, Response } from "express";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { Services, Visitor } from "../app/lib/context";
import { originForHost } from "../app/lib/site-origin.server";

export type BuildSource = () => Promise<ServerBuild>;

interface ContextKeys {
  servicesContext: RouterContext<Services>;
  visitorContext: RouterContext<Visitor>;
}

/**
 * The build as the request handlers read it. In production it is loaded once, when the first request needs
 * it (a refused method never does), and again if loading failed; in development every call asks Vite, which
 * rebuilds what changed.
 */
export function loadedBuild(build: BuildSource, mode: string): BuildSource {
  if (mode !== "production") return build;
  let ready: Promise<ServerBuild> | null = null;
  return () =>
    (ready ??= build().catch((error: unknown) => {
      ready = null;
      throw error;
    }));
}

/**
 * The context loaders and actions read. The context keys come from the build's own entry module
 * (app/entry.server.tsx) so the loaders read the very keys set here.
 */
export function loadContextFor(build: BuildSource, services: Services) {
  return async (req: Request, res: Response): Promise<RouterContextProvider> =>
    contextOf(await build(), services, req.headers.host, req.protocol, res.locals.visitor as Visitor);
}

/** The context of a request to `host` by `protocol` (Express's, a trusted proxy's) from this visitor. */
export function contextOf(build: ServerBuild, services: Services, host: string | undefined, protocol: string, visitor: Visitor) {
  const { servicesContext, visitorContext } = build.entry.module as unknown as ContextKeys;
  const context = new RouterContextProvider();
  // Absolute URLs follow the brand host the request came to (app/lib/site-origin.server.ts).
  const origin = originForHost(services.env, services.origin, host, protocol);
  context.set(servicesContext, origin === services.origin ? services : { ...services, origin });
  context.set(visitorContext, visitor);
  return context;
}

/**
 * The React Router handler.
 *
 * In production it is handed the loaded build: given a function, React Router derives its route tables
 * again for every request (made for development, where the build changes), which cost a sixth of the
 * server's time on /api/feed (docs/performance.md § Throughput).
 */
export function reactRouterHandler(build: BuildSource, services: Services, mode: string): RequestHandler {
  const getLoadContext = loadContextFor(build, services);
  if (mode !== "production") return createRequestHandler({ build, mode, getLoadContext });
  let handler: Promise<RequestHandler> | null = null;
  return (req, res, next) => {
    handler ??= build().then(
      (loaded) => createRequestHandler({ build: loaded, mode, getLoadContext }),
      (error: unknown) => {
        handler = null;
        throw error;
      },
    );
    handler.then((handle) => handle(req, res, next), next);
  };
}
