import { useEffect, useRef } from "react";
import { useT } from "~/lib/i18n/react";

const KEYS = [
  { keys: ["↓", "→"], action: "next" },
  { keys: ["↑", "←"], action: "previous" },
  { keys: ["Space"], action: "play" },
  { keys: ["M"], action: "mute" },
  { keys: ["?"], action: "help" },
  { keys: ["Esc"], action: "close" },
] as const;

/**
 * The feed's keyboard shortcuts and gestures (opened with '?' or its button).
 * A modal <dialog>: Escape closes it, focus goes back where it was.
 */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  // Its own namespace: its words load with it, not with the home page.
  const { t } = useT("shortcuts");
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      // A click on the backdrop (the dialog box itself, outside its content) closes it.
      onClick={(event) => event.target === dialog.current && dialog.current.close()}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-200 shadow-2xl backdrop:bg-black/70"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id="shortcuts-title" className="text-lg font-bold text-white">
          {t("title")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {KEYS.map((row) => (
            <div key={row.action} className="contents">
              <dt className="flex gap-1">
                {row.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded-md border border-ink-600 bg-ink-800 px-1.5 py-0.5 text-center font-mono text-xs text-white"
                  >
                    {key === "Space" ? t("space") : key}
                  </kbd>
                ))}
              </dt>
              <dd>{t(row.action)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-ink-300">{t("gestures")}</p>
        <p className="text-sm text-ink-300">{t("flameRule")}</p>
        <form method="dialog" className="flex justify-end">
          <button type="submit" className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-ink-950 hover:bg-ink-200">
            {t("close")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
