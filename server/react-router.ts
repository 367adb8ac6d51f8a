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
 */
export function reactRouterHandler(build: BuildSource, services: Services, mode: string): RequestHandler {
  return createRequestHandler({
    build,
    mode,
    getLoadContext: async (req, res) => {
      const keys = (await build()).entry.module as unknown as ContextKeys;
      const context = new RouterContextProvider();
      // Absolute URLs follow the brand host the request came to (app/lib/site-origin.server.ts).
      const origin = originForHost(services.env, services.origin, req.headers.host, req.protocol);
      context.set(keys.servicesContext, origin === services.origin ? services : { ...services, origin });
      context.set(keys.visitorContext, res.locals.visitor as Visitor);
      return context;
    },
  });
}
