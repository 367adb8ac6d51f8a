import { robotsTxt } from "~/features/seo";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/robots";

export function loader(args: Route.LoaderArgs) {
  return new Response(robotsTxt(getServices(args).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
