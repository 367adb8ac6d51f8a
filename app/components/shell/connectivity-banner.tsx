import { useCallback, useEffect, useState } from "react";
import { useT } from "~/lib/i18n/react";

export const CONNECTIVITY_POLL_MS = 30_000;

/** Polls /healthz (which checks the database) and says so when the backend is unreachable. */
export function ConnectivityBanner() {
  const { t } = useT();
  const [online, setOnline] = useState(true);
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const response = await fetch("/healthz", { cache: "no-store" });
      setOnline(response.ok);
    } catch {
      setOnline(false);
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    // Mounted once the page has been up a poll's length (root.tsx): the first check is due now.
    const first = window.setTimeout(check, 0);
    const timer = window.setInterval(check, CONNECTIVITY_POLL_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [check]);

  if (online) return null;
  return (
    <div
      role="alert"
      className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-3 bg-amber-500 px-4 py-2 text-sm font-medium text-ink-950"
    >
      <strong>{t("connectivity.title")}</strong>
      <span>{t("connectivity.message")}</span>
      <button
        type="button"
        onClick={check}
        disabled={checking}
        className="rounded-full bg-ink-950 px-3 py-1 text-white disabled:opacity-60"
      >
        {checking ? t("connectivity.checking") : t("connectivity.retry")}
      </button>
    </div>
  );
}
