import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { requireModerator } from "./moderators.server";

type GuardArgs = Parameters<typeof requireModerator>[0];

/**
 * What a desk page's loader starts with: the moderator check (the desk is the site's 404 to anyone else), the platform's
 * services, the desk's translator and the page's meta — title and description as keys of the `admin` namespace, never
 * indexed.
 */
export async function deskPage(args: GuardArgs, page: { path: string; title: string; description?: string }) {
  await requireModerator(args);
  const services = getServices(args);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    services,
    t,
    meta: {
      title: t(page.title),
      description: t(page.description ?? "title"),
      origin: services.origin,
      path: page.path,
      siteName: t("brand.name"),
      noindex: true,
    },
  };
}
