import { Link } from "react-router";
import type { BrandMode } from "~/lib/brand-mode";
import { useT } from "~/lib/i18n/react";

type StaticPageName = "about" | "terms" | "privacy";
export type StaticPageKey = StaticPageName | `${StaticPageName}Conscious`;

/** Conscious Mode has its own About, Terms and Privacy texts: no adult wording there. */
export function staticPageKey(page: StaticPageName, mode: BrandMode): StaticPageKey {
  return mode === "conscious" ? `${page}Conscious` : page;
}

interface Section {
  heading: string;
  body: string[];
}

/** About, Terms and Privacy: translated text from app/locales/<lang>/legal.json. */
export function StaticPage({ page }: { page: StaticPageKey }) {
  const { t } = useT("legal");
  const sections = t(`${page}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <article className="mx-auto max-w-3xl py-8">
      <h1 className="text-3xl font-black text-white sm:text-4xl">{t(`${page}.title`)}</h1>
      <p className="mt-3 text-lg text-ink-300">{t(`${page}.description`)}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-bold text-white">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-ink-200">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <Link to="/" className="mt-10 inline-flex rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
        ← {t("backToHome")}
      </Link>
    </article>
  );
}
