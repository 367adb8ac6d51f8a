import { homeOnlySitemap, renderSitemap } from "~/features/seo/index.server";
import { getServices, getVisitor } from "~/lib/context";
import type { Route } from "./+types/sitemap";

const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemap.xml and /sitemap.xml?part=N; in Conscious Mode only its home page. */
export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  if (getVisitor(args).brandMode === "conscious") return new Response(homeOnlySitemap(origin), { headers });
  const body = await renderSitemap(db, { origin, part: new URL(args.request.url).searchParams.get("part") });
  return body
    ? new Response(body, { headers })
    : new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
