import type { RouterContextProvider } from "react-router";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import type { PageMetaInput } from "~/lib/meta";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type FormPage = "submit" | "report" | "claim" | "contact" | "promote";

// Pages served at two addresses name one of them as canonical.
const CANONICAL: Record<FormPage, string> = {
  submit: "/submit",
  report: "/report",
  claim: "/claim-this-content",
  contact: "/contato",
  promote: "/promote-content",
};

/** Title, description and the site origin for a form page. */
export async function formPageData(args: Args, page: FormPage) {
  const { origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "forms");
  const url = new URL(args.request.url);
  const meta: PageMetaInput = {
    title: t(`${page}.metaTitle`),
    description: t(`${page}.metaDescription`),
    origin,
    path: CANONICAL[page],
    siteName: t("brand.name"),
  };
  const clipPath = clipPathFrom(url.searchParams, page === "report");
  // The prefilled link, and the clip's page for the confirmation's 'Back to the clip'.
  return { meta, origin, prefill: clipPath ? `${origin}${clipPath}` : undefined, clipPath };
}

/** `?video=<id>` (and `?contentId=` on the report form) names a clip of this site. */
function clipPathFrom(params: URLSearchParams, acceptContentId: boolean): string | undefined {
  const id = params.get("video") ?? (acceptContentId ? params.get("contentId") : null);
  if (!id || !/^[A-Za-z0-9-]{1,200}$/.test(id)) return undefined;
  return `/video/${id}`;
}
