import { Outlet } from "react-router";
import { notFoundWithShell } from "~/shell.server";
import { getVisitor } from "~/lib/context";
import { ADULT_ONLY_ROUTE_ID, refusesRoute } from "~/lib/brand-mode";
import type { Route } from "./+types/adult-only";

/**
 * Brand mode guard (ADR 004): in Conscious Mode no adult route renders. As route
 * middleware it runs before any child loader, so no adult data is even read.
 * It runs before the root loader too, so its 404 brings the shell's data:
 * the visitor gets the usual 404 page inside the header and footer.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    if (refusesRoute(getVisitor(args).brandMode, [ADULT_ONLY_ROUTE_ID])) throw await notFoundWithShell(args);
  },
];

export default function AdultOnly() {
  return <Outlet />;
}
