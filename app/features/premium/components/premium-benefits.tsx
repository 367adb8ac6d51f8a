import { useT } from "~/lib/i18n/react";
import { formatLongDate } from "~/lib/i18n/format";
import { BETA_DAYS, BETA_PLAN } from "../promo";

const BENEFITS = ["insights", "prompts", "adFree", "analytics"] as const;

/** docs/product.md §11.8: the benefits, the plan in upper case ('BETA (30 days)') and a way back to the site root. */
export function PremiumBenefits({ plan, expiresAt, mainSite }: { plan: string; expiresAt: string | null; mainSite: string }) {
  const { t, language } = useT("premium");
  const planName = plan === BETA_PLAN ? t("success.planDays", { plan: plan.toUpperCase(), days: BETA_DAYS }) : plan.toUpperCase();
  return (
    <section aria-labelledby="premium-title" className="mx-auto flex max-w-lg flex-col gap-6 py-10">
      <h1 id="premium-title" className="text-3xl font-black text-white">
        {t("success.title")}
      </h1>
      <dl className="rounded-2xl border border-ink-700 bg-white/5 p-5">
        <dt className="text-sm text-ink-300">{t("success.plan")}</dt>
        <dd data-testid="premium-plan" className="text-2xl font-bold text-white">
          {planName}
        </dd>
        {expiresAt ? (
          <dd className="mt-1 text-sm text-ink-300">{t("success.until", { date: formatLongDate(expiresAt, language) })}</dd>
        ) : null}
      </dl>
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="mb-3 text-lg font-bold text-white">
          {t("success.benefitsTitle")}
        </h2>
        <ul className="flex flex-col gap-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2 text-ink-200">
              <span aria-hidden="true" className="text-emerald-300">
                ✓
              </span>
              {t(`success.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
      </section>
      {/* A full load of the root, so the header and ads reflect the new premium state. */}
      <a href={mainSite} className="self-start rounded-full bg-flame-600 px-6 py-3 font-semibold text-white hover:bg-flame-700">
        {t("success.back")}
      </a>
    </section>
  );
}
