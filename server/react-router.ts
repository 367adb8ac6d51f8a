import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { Services, Visitor } from "../app/lib/context";
import { originForHost } from "../app/lib/site-origin.server";

export type BuildSource = () => Promise<ServerBuild>;

interface ContextKeys {
  servicesContext: RouterContext<Services>;
  visitorContext: RouterContext<Visitor>;
}

/**
 * The React Router handler. The context keys come from the build's own entry
 * module (app/entry.server.tsx) so the loaders read the very keys set here.
 *
 * In production the build is handed over once it is loaded: given a function, React Router derives its
 * route tables again for every request (made for development, where the build changes), which cost a
 * sixth of the server's time on /api/feed (docs/performance.md § Throughput, round 2).
 */
export function reactRouterHandler(build: BuildSource, services: Services, mode: string): RequestHandler {
  const handlerFor = (source: ServerBuild | BuildSource, keys: () => Promise<ContextKeys>) =>
    createRequestHandler({
      build: source,
      mode,
      getLoadContext: async (req, res) => {
        const { servicesContext, visitorContext } = await keys();
        const context = new RouterContextProvider();
        // Absolute URLs follow the brand host the request came to (app/lib/site-origin.server.ts).
        const origin = originForHost(services.env, services.origin, req.headers.host, req.protocol);
        context.set(servicesContext, origin === services.origin ? services : { ...services, origin });
        context.set(visitorContext, res.locals.visitor as Visitor);
        return context;
      },
    });
  const keysOf = (loaded: ServerBuild) => loaded.entry.module as unknown as ContextKeys;
  if (mode !== "production") return handlerFor(build, async () => keysOf(await build()));

  // Loaded when the first request reaches React Router (a refused method never does), and again if loading failed.
  let ready: Promise<RequestHandler> | null = null;
  const load = () =>
    build().then((loaded) => {
      let keys: ContextKeys | undefined;
      return handlerFor(loaded, async () => (keys ??= keysOf(loaded)));
    });
  return (req, res, next) => {
    ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    ready.then((handler) => handler(req, res, next), next);
  };
}
