import { data, Outlet } from "react-router";
import { getVisitor } from "~/lib/context";
import type { Route } from "./+types/adult-only";

/**
 * Brand mode guard (DESIGN 7): in safe mode no adult route renders. As route
 * middleware it runs before any child loader, so no adult data is even read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args) => {
    if (getVisitor(args).brandMode === "safe") throw data(null, { status: 404 });
  },
];

export default function AdultOnly() {
  return <Outlet />;
}
