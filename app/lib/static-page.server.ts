import type { RouterContextProvider } from "react-router";
import { siteNameFor } from "./brand-mode";
import { getServices, getVisitor } from "./context";
import { serverT } from "./i18n/server";

/** Loader data shared by the static pages: the translated title and description. */
export async function staticPageData(args: { context: Readonly<RouterContextProvider>; request: Request }, page: string) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "legal");
  return {
    page,
    title: `${t(`${page}.title`)} · ${siteNameFor(t, visitor.brandMode)}`,
    description: t(`${page}.description`),
    siteName: siteNameFor(t, visitor.brandMode),
    origin: getServices(args).origin,
    path: new URL(args.request.url).pathname,
  };
}
