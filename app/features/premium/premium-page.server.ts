import type { RouterContextProvider } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { readProfile } from "./premium.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** What both premium pages (/ativar, /premium-success) read first: translator, visitor, profile fresh from the database, site name. */
export async function premiumPageBasics(args: Args) {
  const visitor = getVisitor(args);
  const { db, origin } = getServices(args);
  const t = await serverT(visitor.language, "premium");
  const user = await getUser(args);
  const profile = user ? await readProfile(db, user.id) : null;
  return { visitor, origin, t, user, profile, site: siteNameFor(t, visitor.brandMode) };
}
