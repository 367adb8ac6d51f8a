import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

const DISMISSED_KEY = "insights.goalNudgeDismissed";

/** The home page's gentle note once today's total passes the goal; dismissing it lasts for the browser session. */
export function GoalNudge() {
  const { t } = useT("insights");
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(DISMISSED_KEY) === "1") setDismissed(true);
    } catch {
      // Storage can be blocked; the nudge then simply shows.
    }
  }, []);
  if (dismissed) return null;
  return (
    // A div: role="status" is not allowed on <aside> (axe aria-allowed-role).
    <div
      role="status"
      data-testid="goal-nudge"
      className="flex items-center gap-3 rounded-2xl border border-flame-500/40 bg-ink-900/95 px-4 py-3 text-sm text-ink-200 shadow-xl"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5 shrink-0 text-flame-300"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
      </svg>
      <p className="flex-1">
        {t("nudge.message")}{" "}
        <Link to="/insights" className="font-semibold text-flame-300 underline">
          {t("nudge.link")}
        </Link>
      </p>
      <button
        type="button"
        onClick={() => {
          setDismissed(true);
          try {
            sessionStorage.setItem(DISMISSED_KEY, "1");
          } catch {
            // Nothing to keep when storage is blocked.
          }
        }}
        className="rounded-full border border-ink-600 px-3 py-1 font-semibold text-white hover:bg-ink-800"
      >
        {t("nudge.dismiss")}
      </button>
    </div>
  );
}
