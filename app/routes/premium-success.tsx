import { Link } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { mainSiteUrl, PremiumBenefits } from "~/features/premium";
import { getServices } from "~/lib/context";
import { premiumPageBasics } from "~/features/premium/index.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/premium-success";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["premium"] };

/** The profile is read fresh on every visit, so the page shows what the database says now. */
export async function loader(args: Route.LoaderArgs) {
  const { visitor, origin, t, profile, site } = await premiumPageBasics(args);
  const premium = profile?.premium
    ? { plan: profile.planType ?? "premium", expiresAt: profile.premiumExpiresAt?.toISOString() ?? null }
    : null;
  // The title says what the page shows: the benefits, or that premium is not active.
  const [title, description] = premium
    ? [t("success.metaTitle"), t("success.metaDescription")]
    : [t("success.notPremiumTitle"), t("success.notPremiumBody")];
  return {
    premium,
    mainSite: mainSiteUrl(getServices(args).env, args.request.headers.get("host"), visitor.brandMode),
    meta: { title: `${title} · ${site}`, description, origin, path: "/premium-success", siteName: site, noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function PremiumSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useT("premium");
  if (loaderData.premium)
    return <PremiumBenefits plan={loaderData.premium.plan} expiresAt={loaderData.premium.expiresAt} mainSite={loaderData.mainSite} />;
  return (
    <section aria-labelledby="not-premium" className="mx-auto flex max-w-lg flex-col gap-4 py-10">
      <h1 id="not-premium" className="text-3xl font-black text-white">
        {t("success.notPremiumTitle")}
      </h1>
      <p className="text-ink-300">{t("success.notPremiumBody")}</p>
      <Link to="/ativar" className="self-start rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
        {t("success.toActivate")}
      </Link>
    </section>
  );
}
