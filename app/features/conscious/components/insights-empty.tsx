import { Link } from "react-router";
import { useBrandMode } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";

/**
 * No session in the window: either none ever (how to start) or none lately.
 * The timer lives on the adult site's home page, so Conscious Mode explains
 * where it is instead of linking to its own landing page.
 */
export function InsightsEmpty({ periodDays, earlierSessions }: { periodDays: number; earlierSessions: boolean }) {
  const { t } = useT("insights");
  const conscious = useBrandMode() === "conscious";
  const kind = earlierSessions ? "window" : "start";
  return (
    <section
      aria-labelledby="empty-title"
      data-testid="insights-empty"
      className="rounded-2xl border border-ink-800 bg-ink-900 p-6 text-center"
    >
      <h2 id="empty-title" className="text-xl font-bold text-white">
        {t(`empty.${kind}.title`, { count: periodDays })}
      </h2>
      <p className="mt-2 text-ink-300">{t(`empty.${kind}.${conscious ? "bodyConscious" : "body"}`)}</p>
      {conscious ? null : (
        <Link to="/" className="mt-4 inline-block rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
          {t("empty.cta")}
        </Link>
      )}
    </section>
  );
}
