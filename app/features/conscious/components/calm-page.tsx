import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { readLast, type LastSession } from "../session-store";
import { formatElapsed } from "../timer";

/**
 * Where a session ends: a quiet page with nothing adult on it — no clips, no thumbnails, no
 * categories — the session's own figures (read from this tab), and a few things to do instead.
 */
export function CalmPage({ fromPause }: { fromPause: boolean }) {
  const { t } = useT("conscious");
  const [last, setLast] = useState<LastSession | null>(null);
  useEffect(() => setLast(fromPause ? null : readLast()), [fromPause]);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12 text-center">
      <h1 className="text-3xl font-bold text-white">{t(fromPause ? "calm.headingPause" : "calm.heading")}</h1>
      {last ? (
        <p data-testid="calm-summary" className="text-lg text-calm-300">
          {t("calm.summary", { count: last.clips, time: formatElapsed(last.seconds) })}
        </p>
      ) : null}
      <p className="text-ink-200">{t("calm.body")}</p>
      <ul className="mx-auto flex max-w-sm flex-col gap-2 text-left text-ink-200">
        <li>{t("calm.idea.breathe")}</li>
        <li>{t("calm.idea.water")}</li>
        <li>{t("calm.idea.move")}</li>
      </ul>
      <p>
        <Link to="/insights" className="font-semibold text-calm-300 underline">
          {t("calm.insights")}
        </Link>
      </p>
    </div>
  );
}
