import type { RouterContextProvider } from "react-router";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import type { PageMetaInput } from "~/lib/meta";
import { FORMS, type FormName } from "./registry";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Title, description and the site origin for a form page; pages served at two addresses name the first as canonical. */
export async function formPageData(args: Args, page: FormName) {
  const { origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "forms");
  const url = new URL(args.request.url);
  const meta: PageMetaInput = {
    title: t(`${page}.metaTitle`),
    description: t(`${page}.metaDescription`),
    origin,
    path: FORMS[page].paths[0],
    siteName: t("brand.name"),
  };
  const clipPath = clipPathFrom(url.searchParams, FORMS[page].prefill);
  // The prefilled link, and the clip's page for the confirmation's 'Back to the clip'.
  return { meta, origin, prefill: clipPath ? `${origin}${clipPath}` : undefined, clipPath };
}

/** `?video=<id>` (and `?contentId=` on the report form) names a clip of this site. */
function clipPathFrom(params: URLSearchParams, names: readonly string[]): string | undefined {
  const id = names.map((name) => params.get(name)).find((value) => value !== null);
  if (!id || !/^[A-Za-z0-9-]{1,200}$/.test(id)) return undefined;
  return `/video/${id}`;
}
