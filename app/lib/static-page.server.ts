import type { RouterContextProvider } from "react-router";
import { getServices, getVisitor } from "./context";
import { serverT } from "./i18n/server";

/** Loader data shared by the static pages: the translated title and description. */
export async function staticPageData(args: { context: Readonly<RouterContextProvider>; request: Request }, page: string) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "legal");
  return {
    page,
    title: `${t(`${page}.title`)} · ${visitor.brandMode === "safe" ? t("brand.safeName") : t("brand.name")}`,
    description: t(`${page}.description`),
    siteName: visitor.brandMode === "safe" ? t("brand.safeName") : t("brand.name"),
    origin: getServices(args).origin,
    path: new URL(args.request.url).pathname,
  };
}
