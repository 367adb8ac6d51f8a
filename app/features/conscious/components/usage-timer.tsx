import { useEffect, useRef, useState } from "react";
import { useT } from "~/lib/i18n/react";
import { rememberTimeZone } from "../time-zone";
import { categoryClock, formatElapsed, onScreenCategory, sendUsage, timerColour, type CategoryClock } from "../timer";
import { EmotionPicker, type EmotionOption } from "./emotion-picker";

const COLOUR_CLASS = { green: "text-emerald-300", amber: "text-amber-300", orange: "text-orange-400", red: "text-red-400" } as const;

/**
 * The usage timer (docs/product.md §11.3): counts from mount, Reset saves and restarts, and the
 * session is also saved on unmount and when the page is hidden for good.
 * Saving uses sendBeacon so it survives the unload; the server ignores
 * anonymous visitors. Each second it also notes which clip category is on
 * screen, and the session carries the time per category (premium insights).
 */
export function UsageTimer({ emotions, signedIn }: { emotions: EmotionOption[]; signedIn: boolean }) {
  const { t } = useT("conscious");
  const [elapsed, setElapsed] = useState(0);
  // A short confirmation of the last choice (an emotion, a reset), read out by screen readers too.
  const [confirmation, setConfirmation] = useState("");
  const started = useRef(0);
  const emotion = useRef("");
  const clock = useRef<CategoryClock | null>(null);

  /** Sends the running session (if any) and starts a new one from now; returns its seconds. */
  const save = useRef((leavingPage = false) => {
    const now = Date.now();
    const seconds = Math.floor((now - started.current) / 1000);
    const startedAt = new Date(started.current).toISOString();
    started.current = now;
    const categories = clock.current?.take(now) ?? {};
    if (seconds <= 0) return 0;
    const body = new URLSearchParams({ seconds: String(seconds), startedAt, emotionId: emotion.current });
    if (Object.keys(categories).length > 0) body.set("categories", JSON.stringify(categories));
    sendUsage(body, leavingPage);
    return seconds;
  }).current;

  useEffect(() => {
    started.current = Date.now();
    clock.current = categoryClock(started.current);
    // The home page's goal nudge counts today in the visitor's time zone.
    rememberTimeZone();
    const look = () => clock.current?.show(onScreenCategory(document), Date.now());
    look();
    const tick = setInterval(() => {
      setElapsed(Math.floor((Date.now() - started.current) / 1000));
      look();
    }, 1000);
    const leave = () => save(true);
    addEventListener("pagehide", leave);
    // Background tabs tick rarely: stop crediting the clip as soon as the page is hidden.
    document.addEventListener("visibilitychange", look);
    return () => {
      clearInterval(tick);
      removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", look);
      save();
    };
  }, [save]);

  const colour = timerColour(elapsed);
  return (
    <section aria-labelledby="usage-timer" className="flex flex-col gap-3 rounded-2xl border border-ink-800 bg-ink-900 p-4 text-sm">
      <h2 id="usage-timer" className="sr-only">
        {t("timer.label")}
      </h2>
      <p className="flex items-baseline justify-between gap-2">
        <span className="sr-only">{t("timer.elapsed")}</span>
        <span
          role="timer"
          aria-live="off"
          data-testid="timer-time"
          className={`font-mono text-lg font-bold tabular-nums ${COLOUR_CLASS[colour]}`}
        >
          {formatElapsed(elapsed)}
        </span>
        <span data-testid="timer-state" className="text-ink-300">
          {t(`timer.state.${colour}`)}
        </span>
      </p>
      <EmotionPicker
        emotions={emotions}
        onChange={(value) => {
          emotion.current = value;
          const name = emotions.find((e) => String(e.id) === value)?.name;
          setConfirmation(name ? t("timer.emotionNoted", { emotion: name }) : t("timer.emotionCleared"));
        }}
      />
      <button
        type="button"
        onClick={() => {
          const seconds = save();
          setElapsed(0);
          setConfirmation(
            signedIn && seconds > 0
              ? t("timer.resetSaved", { time: formatElapsed(seconds) })
              : t(signedIn ? "timer.resetEmpty" : "timer.resetSignedOut"),
          );
        }}
        className="self-start rounded-full border border-ink-600 px-4 py-1.5 font-semibold text-white hover:bg-ink-800"
      >
        {t("timer.reset")}
      </button>
      <p role="status" data-testid="timer-confirmation" className="min-h-4 w-full text-xs text-calm-300">
        {confirmation}
      </p>
    </section>
  );
}
