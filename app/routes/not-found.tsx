import { data } from "react-router";
import { NotFoundPage } from "~/components/error-pages";
import { getServices } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import type { Route } from "./+types/not-found";

export function loader(args: Route.LoaderArgs): never {
  const { log } = getServices(args);
  log.info({ path: new URL(args.request.url).pathname }, "page not found");
  throw data(null, { status: 404 });
}

/** A POST to an address no route has is the same 404, through the action helper without reading the body (ADR 024). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "common",
    read: async () => new FormData(),
    handle: async () => loader(args),
  });

export default function NotFound() {
  return <NotFoundPage />;
}
