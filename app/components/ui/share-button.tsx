import { useEffect } from "react";
import { useT } from "~/lib/i18n/react";

let loading: Promise<typeof import("./share-link")> | null = null;
const loadShare = () => (loading ??= import("./share-link"));

/**
 * Web Share API where there is one, else the URL goes to the clipboard with a toast (docs/product.md §6.1).
 * `url` may be a path: it is made absolute from the page's address when shared.
 */
export function ShareButton({
  title,
  url,
  className,
  layout = "inline",
  onShared,
}: {
  title: string;
  url: string;
  className?: string;
  /** `stacked`: the icon in a round button with the label under it (the feed's action rail). */
  layout?: "inline" | "stacked";
  /** Called once the link was shared or copied. */
  onShared?: () => void;
}) {
  const { t } = useT();
  // The sharing code comes after the page (it is small and only a click needs it), loaded as soon as a button shows.
  useEffect(() => void loadShare(), []);
  const share = () =>
    void loadShare().then(({ shareLink }) =>
      shareLink({ title, url: new URL(url, window.location.href).href, onShared, copied: t("share.copied"), failed: t("share.failed") }),
    );
  const icon = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={layout === "stacked" ? "h-6 w-6" : "h-4 w-4"}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
  if (layout === "stacked") {
    return (
      <button type="button" onClick={share} className={className ?? "rail-action"}>
        <span className="rail-icon">{icon}</span>
        <span className="rail-label">{t("share.label")}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={share}
      className={
        className ?? "inline-flex items-center gap-2 rounded-full border border-ink-600 px-4 py-2 font-semibold text-white hover:bg-ink-800"
      }
    >
      {icon}
      {t("share.label")}
    </button>
  );
}
