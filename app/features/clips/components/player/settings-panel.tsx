import { useId, useSyncExternalStore } from "react";
import { useT } from "~/lib/i18n/react";
import { chooseDataSaver, dataSaverChosen, onDataSaverChange } from "./network-conditions";

/**
 * The player's settings: a button opening a small panel (a native popover) with the Data saver switch, which picks
 * the smallest rendition from the next clip on (ADR 155). Kept in this browser only.
 */
export default function SettingsPanel() {
  const { t } = useT("feed");
  const panelId = `player-settings-${useId().replace(/:/g, "")}`;
  const dataSaver = useSyncExternalStore(onDataSaverChange, dataSaverChosen, () => false);
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        aria-label={t("player.settings")}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
          <circle cx="16" cy="7" r="2" />
          <circle cx="8" cy="17" r="2" />
        </svg>
      </button>
      <div
        id={panelId}
        popover="auto"
        role="group"
        aria-label={t("player.settings")}
        className="player-settings w-64 rounded-xl border border-ink-700 bg-ink-900 p-3 text-sm text-ink-200 shadow-xl"
      >
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={dataSaver}
            onChange={(event) => chooseDataSaver(event.currentTarget.checked)}
            className="mt-0.5 h-4 w-4 accent-flame-500"
          />
          <span>
            <span className="block font-semibold text-white">{t("player.dataSaver")}</span>
            <span className="block text-ink-300">{t("player.dataSaverHint")}</span>
          </span>
        </label>
      </div>
    </>
  );
}
