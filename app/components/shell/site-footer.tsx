import { Link } from "react-router";
import { useSiteName } from "~/lib/brand-context";
import type { BrandMode } from "~/lib/brand-mode";
import { useT } from "~/lib/i18n/react";

const NAVIGATION = [
  { to: "/sobre", key: "footer.about" },
  { to: "/submit", key: "footer.submit" },
  { to: "/claim-this-content", key: "footer.claim" },
  { to: "/report", key: "footer.report" },
  { to: "/promote-content", key: "footer.partnership" },
  { to: "/contato", key: "footer.contact" },
  { to: "/watch-history", key: "footer.history" },
] as const;

const LEGAL = [
  { to: "/politica-de-privacidade", key: "footer.privacy" },
  { to: "/termos-de-uso", key: "footer.terms" },
] as const;

// docs/product.md §4.2: the social links are placeholders until the accounts exist.
const SOCIAL = ["x", "instagram", "telegram"] as const;

export function SiteFooter({ brandMode }: { brandMode: BrandMode }) {
  const { t } = useT();
  const site = useSiteName();
  const year = new Date().getFullYear();
  const navigation = brandMode === "conscious" ? NAVIGATION.filter((l) => l.to === "/sobre") : NAVIGATION;

  return (
    <footer className="border-t border-ink-800 bg-ink-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        {[
          { title: t("footer.navigation"), links: navigation },
          { title: t("footer.legal"), links: LEGAL },
        ].map((group) => (
          <FooterGroup key={group.title} title={group.title}>
            {group.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </FooterGroup>
        ))}
        <FooterGroup title={t("footer.followUs")}>
          {SOCIAL.map((network) => (
            <li key={network}>
              <a href="#" className="hover:text-white">
                {t(`footer.social.${network}`)}
              </a>
            </li>
          ))}
        </FooterGroup>
      </div>
      <div className="border-t border-ink-800 px-4 py-4 text-center text-xs text-ink-300">
        <p>{t("footer.rights", { year, site })}</p>
        {brandMode === "adult" ? <p className="mt-1">{t("footer.adultsOnly")}</p> : null}
      </div>
    </footer>
  );
}

function FooterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="space-y-2 text-sm text-ink-300">{children}</ul>
    </nav>
  );
}
