import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/** The home feed's two tabs on the Following page: every clip ("For you", /) and the followed creators' clips. */
export function FeedTabs({ current }: { current: "/" | "/following" }) {
  const { t } = useT("follows");
  const tabs = [
    { to: "/", label: t("tabs.forYou") },
    { to: "/following", label: t("tabs.following") },
  ];
  return (
    <nav aria-label={t("tabs.label")} className="flex shrink-0 rounded-full border border-ink-700 p-0.5" data-testid="feed-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.to === current ? "page" : undefined}
          className="whitespace-nowrap rounded-full px-3 py-1 text-sm text-ink-300 hover:text-white aria-[current=page]:bg-ink-700 aria-[current=page]:text-white"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
