import { Link } from "react-router";
import { BETA_PROMO_CODE } from "~/features/premium";
import { useT } from "~/lib/i18n/react";

// What the tools do, in the order a session meets them.
const HOW = ["timer", "intention", "stop", "pause", "mood", "week", "data"] as const;

/** Conscious Mode's home (docs/product.md §11.2): no adult media or wording. */
export function ConsciousLanding({ premiumCta, backTo }: { premiumCta: boolean; backTo: string | null }) {
  const { t } = useT("conscious");
  return (
    <div className="mx-auto flex max-w-4xl flex-col items-center gap-12 py-12 text-center">
      {/* Go Premium brought the visitor here from the main site: the way back, first thing on the page. A plain link,
          so the server (or the other host) answers it with the main site. */}
      {backTo ? (
        <a
          href={backTo}
          className="self-start rounded-full border border-ink-700 px-4 py-2 text-sm font-semibold text-ink-200 hover:border-calm-500 hover:text-white"
        >
          <span aria-hidden="true">← </span>
          {t("landing.backToMain")}
        </a>
      ) : null}
      <header className="flex flex-col items-center gap-4">
        <h1 className="text-4xl font-black tracking-tight text-white sm:text-6xl">{t("landing.title")}</h1>
        <p className="text-xl font-semibold text-calm-300">{t("brand.tagline")}</p>
        <p className="max-w-2xl text-lg text-ink-300">{t("landing.intro")}</p>
      </header>

      <section aria-label={t("landing.featuresLabel")} className="grid w-full gap-4 sm:grid-cols-2">
        {(["ai", "selfAwareness"] as const).map((feature) => (
          <article key={feature} className="rounded-2xl border border-calm-500/30 bg-white/5 p-6 text-left">
            <h2 className="text-xl font-bold text-white">{t(`landing.${feature}.title`)}</h2>
            <p className="mt-2 text-ink-300">{t(`landing.${feature}.body`)}</p>
          </article>
        ))}
      </section>

      <section aria-labelledby="how-title" className="w-full text-left">
        <h2 id="how-title" className="text-2xl font-bold text-white">
          {t("landing.howTitle")}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-ink-200">
          {HOW.map((item) => (
            <li key={item}>{t(`landing.how.${item}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="research-title" className="w-full text-left">
        <h2 id="research-title" className="text-2xl font-bold text-white">
          {t("landing.researchTitle")}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {(["pause", "intention"] as const).map((study) => (
            <article key={study} className="rounded-2xl border border-calm-500/30 bg-white/5 p-6">
              <h3 className="text-lg font-bold text-calm-300">{t(`landing.research.${study}Title`)}</h3>
              <p className="mt-2 text-ink-300">{t(`landing.research.${study}Body`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="approach-title" className="flex flex-col items-center gap-3">
        <h2 id="approach-title" className="text-sm font-semibold uppercase tracking-wider text-ink-300">
          {t("landing.approachLabel")}
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {(["awareness", "goals", "selfKnowledge"] as const).map((chip) => (
            <li key={chip} className="rounded-full border border-calm-500/40 bg-calm-500/10 px-4 py-1.5 text-sm font-medium text-calm-300">
              {t(`landing.approach.${chip}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-2xl border border-ink-700 bg-white/5 p-6">
        <h2 className="text-lg font-bold text-white">{t("landing.inDevelopment")}</h2>
        <p className="mt-1 text-ink-300">{t("landing.inDevelopmentBody")}</p>
      </section>

      {premiumCta ? (
        <section className="w-full rounded-3xl bg-gradient-to-r from-calm-500 to-emerald-400 p-1 shadow-lg">
          <div className="rounded-[1.3rem] bg-[#0d1614] p-6">
            <p className="text-ink-200">{t("landing.premiumCtaBody", { code: BETA_PROMO_CODE })}</p>
            <Link
              to="/ativar"
              className="mt-4 inline-flex rounded-full bg-calm-500 px-6 py-3 text-lg font-bold text-ink-950 hover:bg-calm-300"
            >
              {t("landing.premiumCta")}
            </Link>
          </div>
        </section>
      ) : (
        <Link to="/ativar" className="inline-flex rounded-full bg-calm-500 px-6 py-3 text-lg font-bold text-ink-950 hover:bg-calm-300">
          {t("landing.start")}
        </Link>
      )}
    </div>
  );
}
