import { webManifest } from "~/features/seo";
import { siteNameFor } from "~/lib/brand-mode";
import { getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import type { Route } from "./+types/manifest";

/** GET /manifest.webmanifest: the visitor's brand (by host) in their language; nothing adult on the companion host. */
export async function loader(args: Route.LoaderArgs) {
  const { brandMode, language } = getVisitor(args);
  const common = await serverT(language, "common");
  const conscious = brandMode === "conscious";
  const name = siteNameFor(common, brandMode);
  const description = conscious ? (await serverT(language, "conscious"))("meta.description") : common("brand.description");
  const manifest = webManifest({ brandMode, language, name, shortName: name, description });
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      // The brand follows the host; the language the cookie or Accept-Language.
      Vary: "Cookie, Accept-Language",
    },
  });
}
