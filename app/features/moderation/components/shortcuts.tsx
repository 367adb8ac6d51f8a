import { useEffect, useEffectEvent, useRef } from "react";
import { useT } from "~/lib/i18n/react";
import { DECISION_STYLES } from "./admin-ui";

/** Keys typed into a field are the field's, not shortcuts. */
function typing(target: EventTarget | null): boolean {
  const element = target instanceof HTMLElement ? target : null;
  if (!element) return false;
  return element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}

/**
 * The desk's single-key shortcuts (j/k, o, r, x, h…). A key pressed with a modifier, or while
 * typing in a field, is left alone.
 */
export function useShortcuts(keys: Record<string, (event: KeyboardEvent) => void>) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const handler = keys[event.key];
    if (!handler) return;
    event.preventDefault();
    handler(event);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}

const KEYS = [
  ["j", "next"],
  ["k", "previous"],
  ["o", "open"],
  ["x", "reject"],
  ["r", "resolve"],
  ["h", "hide"],
  ["s", "select"],
  ["/", "search"],
  ["?", "help"],
] as const;

/** `/` jumps to the search and `?` lists every shortcut, on every page of the desk. */
export function ShortcutsHelp() {
  const { t } = useT("admin");
  const dialog = useRef<HTMLDialogElement>(null);
  useShortcuts({
    "/": () => document.getElementById("desk-search")?.focus(),
    "?": () => dialog.current?.showModal(),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className={`${DECISION_STYLES.neutral} text-sm`}
        aria-keyshortcuts="?"
      >
        {t("shortcuts.button")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="shortcuts-heading"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-ink-700 bg-ink-900 p-5 text-ink-100 backdrop:bg-black/70"
      >
        <h2 id="shortcuts-heading" className="mb-3 text-lg font-bold">
          {t("shortcuts.heading")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {KEYS.map(([key, action]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-ink-500 bg-ink-950 px-2 py-0.5 font-mono">{key}</kbd>
              </dt>
              <dd>{t(`shortcuts.${action}`)}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog" className="mt-4">
          <button type="submit" className={DECISION_STYLES.neutral}>
            {t("shortcuts.close")}
          </button>
        </form>
      </dialog>
    </>
  );
}
