import { Link, useMatches } from "react-router";
import { MENU_AUDIENCES } from "~/lib/audience";
import { useSiteName } from "~/lib/brand-context";
import type { BrandMode } from "~/lib/brand-mode";
import { LANGUAGES } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";
import { lazyView } from "~/lib/lazy-view";
import { FlameIcon } from "../ui/flame-icon";

// The language and audience menus are <details> with plain forms that work before their script: they hydrate
// after the page, their server HTML in place meanwhile (ADR 157).
const PreferenceMenu = lazyView(() => import("./preference-menu").then((m) => m.PreferenceMenu));

import type { ShellData } from "~/shell.server";

/** Routes set `handle: { hideAudience: true }` where the audience filter does not apply. */
export interface ShellHandle {
  hideAudience?: boolean;
  /** The page lays out its own width and spacing (the adult home's full-screen feed). */
  fullBleed?: boolean;
}

/**
 * The header is generic: the layout hands it the feature UI it shows (the
 * search box and the account menu), so components never import features.
 */
export function SiteHeader({
  shell,
  search,
  account,
  timer,
}: {
  shell: ShellData;
  search: React.ReactNode;
  account: React.ReactNode;
  /** The Conscious Mode session timer (adult site only). */
  timer?: React.ReactNode;
}) {
  const { t, language } = useT();
  const matches = useMatches();
  const brandMode = shell.brandMode;
  const brandName = useSiteName();
  const hideAudience = brandMode === "conscious" || matches.some((m) => (m.handle as ShellHandle | undefined)?.hideAudience);

  return (
    // A fixed height (--header-h in app.css): the home feed fills exactly the rest of the screen.
    <header className="sticky top-0 z-30 border-b border-ink-800/80 bg-ink-950/85 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-ink-950/70">
      {/* Tight on the narrowest phones (360 px): logo, search, language, audience, Go Premium and the account side by side. */}
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1.5 px-2.5 sm:gap-3 sm:px-6">
        {/* The label names the brand the visitor sees (WCAG 2.5.3, label in name). */}
        <Link
          to="/"
          aria-label={t("nav.logoLabel", { name: brandName })}
          className="flex items-center gap-2 text-lg font-black tracking-tight text-white"
        >
          <Logo brandMode={brandMode} />
          {/* Not on tablets, where the header's search box takes its room (in Spanish it ran under the logo). */}
          <span className="hidden whitespace-nowrap min-[480px]:inline sm:hidden lg:inline">{brandName}</span>
        </Link>
        {brandMode === "adult" ? search : null}
        <nav aria-label={t("nav.mainMenu")} className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {timer}
          <PreferenceMenu
            name="language"
            label={t("language.label")}
            current={language}
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
            icon={<GlobeIcon />}
          />
          {hideAudience ? null : (
            <PreferenceMenu
              name="audience"
              label={t("audience.label")}
              current={shell.audience}
              options={MENU_AUDIENCES.map((audience) => ({ value: audience, label: t(`audience.${audience}`) }))}
              icon={<PeopleIcon />}
            />
          )}
          {/* docs/product.md §2.5: every non-premium visitor of the adult site, on every screen (an icon on phones). */}
          {shell.goPremiumUrl ? (
            <a
              href={shell.goPremiumUrl}
              aria-label={t("goPremium")}
              className="flex h-9 w-9 shrink-0 items-center justify-center whitespace-nowrap rounded-full border border-calm-500/60 text-sm font-semibold text-calm-300 hover:bg-calm-500/10 md:w-auto md:gap-1.5 md:px-3"
            >
              <PremiumIcon />
              <span className="hidden md:inline">{t("goPremium")}</span>
            </a>
          ) : null}
          {account}
        </nav>
      </div>
    </header>
  );
}

function Logo({ brandMode }: { brandMode: BrandMode }) {
  return brandMode === "conscious" ? (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-calm-300" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12a4 4 0 0 0 8 0" strokeLinecap="round" />
    </svg>
  ) : (
    <FlameIcon className="h-7 w-7 text-flame-500" />
  );
}

const PremiumIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />
  </svg>
);

const GlobeIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </svg>
);

const PeopleIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="9" cy="8" r="3" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6M15 14.5c3 0 6 2 6 5.5" />
  </svg>
);
