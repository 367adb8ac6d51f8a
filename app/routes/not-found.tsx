import { data } from "react-router";
import { NotFoundPage } from "~/components/error-pages";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/not-found";

export function loader(args: Route.LoaderArgs) {
  const { log } = getServices(args);
  log.info({ path: new URL(args.request.url).pathname }, "page not found");
  throw data(null, { status: 404 });
}

export function action(args: Route.ActionArgs) {
  return loader(args);
}

export default function NotFound() {
  return <NotFoundPage />;
}
