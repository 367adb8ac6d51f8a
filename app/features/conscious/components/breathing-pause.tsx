import { useEffect, useId, useState } from "react";
import { useT } from "~/lib/i18n/react";
import { PAUSE_SECONDS } from "../session";
import { ModalCard } from "./modal-card";

/**
 * The pause before the feed (docs/product.md §11.9): five seconds to breathe, "Close" — the easy
 * way out, first and prominent — and "Continue" once the breath is over. Escape closes, as Close does.
 * The circle only grows and shrinks when the visitor allows motion.
 */
export function BreathingPause({ onClose, onContinue }: { onClose: () => void; onContinue: () => void }) {
  const { t } = useT();
  const heading = useId();
  const [left, setLeft] = useState(PAUSE_SECONDS);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <ModalCard labelledBy={heading} onCancel={onClose} testId="breathing-pause">
      <h2 id={heading} className="text-2xl font-bold text-white">
        {t("session.pause.heading")}
      </h2>
      <div aria-hidden="true" className="flex h-40 items-center justify-center">
        <span className="h-24 w-24 rounded-full bg-calm-500/40 ring-4 ring-calm-300/60 motion-safe:animate-[breathe_5s_ease-in-out_1]" />
      </div>
      <p className="text-ink-200">{t("session.pause.body")}</p>
      <p role="status" className="text-sm text-ink-300">
        {left > 0 ? t("session.pause.left", { count: left }) : t("session.pause.ready")}
      </p>
      <div className="flex flex-col gap-3">
        <button
          type="button"
          data-autofocus
          onClick={onClose}
          className="rounded-full bg-calm-300 px-5 py-3 text-lg font-bold text-ink-950 hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t("session.pause.close")}
        </button>
        <button
          type="button"
          disabled={left > 0}
          onClick={onContinue}
          className="self-center rounded-full border border-ink-600 px-4 py-2 text-sm font-semibold text-ink-200 hover:bg-ink-800 disabled:opacity-50"
        >
          {t("session.pause.continue")}
        </button>
      </div>
    </ModalCard>
  );
}
