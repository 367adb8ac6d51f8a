import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../clip-card.server";

const ExternalIcon = ({ className }: { className: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);

/**
 * 'Full Content' opens the clip's channel in a new tab. A clip without one gets
 * a disabled button that says so, never a '#' link that opens an empty tab.
 */
export function FullContentAction({
  clip,
  layout = "inline",
}: {
  clip: Pick<ClipCard, "fullContentUrl" | "channelName">;
  layout?: "inline" | "stacked";
}) {
  const { t } = useT("feed");
  const stacked = layout === "stacked";
  const label = t("fullContent.label");
  const inline =
    "inline-flex items-center gap-2 rounded-full bg-flame-600 px-4 py-2 font-semibold text-white hover:bg-flame-700 disabled:cursor-not-allowed disabled:bg-ink-700 disabled:text-ink-300";
  const body = (
    <>
      {stacked ? (
        <span className="rail-icon">
          <ExternalIcon className="h-6 w-6" />
        </span>
      ) : null}
      <span className={stacked ? "rail-label" : undefined}>{label}</span>
      {stacked ? null : <ExternalIcon className="h-4 w-4" />}
    </>
  );
  if (!clip.fullContentUrl) {
    return (
      <button type="button" disabled aria-label={t("fullContent.missing")} className={stacked ? "rail-action" : inline}>
        {body}
      </button>
    );
  }
  return (
    <a
      href={clip.fullContentUrl}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={clip.channelName ? t("fullContent.on", { site: clip.channelName }) : t("fullContent.newTab")}
      className={stacked ? "rail-action" : inline}
    >
      {body}
    </a>
  );
}
