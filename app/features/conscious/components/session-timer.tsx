import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/react";
import { fiveMore, pauseDue, progress, sessionSeconds, type ConsciousSettings } from "../session";
import { answerPause, lastPauseAt, loadSettings, markPause, pauseOpen, sendPause, storeSettings } from "../session-store";
import { formatElapsed, timerColour } from "../timer";
import { IntentionCard } from "./intention-card";
import { useConsciousLists } from "./use-conscious-lists";
import { PAUSED_PATHS, useConsciousSession } from "./use-conscious-session";

// The stop card and the breathing pause show only when they are due: their code loads then, not with every page.
const StopCard = lazy(() => import("./stop-card").then((m) => ({ default: m.StopCard })));
const BreathingPause = lazy(() => import("./breathing-pause").then((m) => ({ default: m.BreathingPause })));

/** The calm page a session ends on: nothing adult on it. */
export const CALM_PAGE = "/done";

const COLOUR_CLASS = {
  green: "text-emerald-300 border-emerald-400/40",
  amber: "text-amber-300 border-amber-400/40",
  orange: "text-orange-400 border-orange-400/50",
  red: "text-red-400 border-red-400/60",
} as const;

/**
 * The session timer in the adult header, on every page (docs/product.md, "One session timer"): small
 * enough for a phone's header, in SPEC's colours. It opens the session's panel: what the session
 * holds so far, the mood, and ending it by hand.
 */
export function SessionTimer({ signedIn }: { signedIn: boolean }) {
  const { t } = useT();
  const { state, end, update, kept, carry, discard, noProfile } = useConsciousSession(signedIn);
  const lists = useConsciousLists();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState("");
  const [settings, setSettings] = useState<ConsciousSettings | null>(null);
  const [pausing, setPausing] = useState(false);
  useEffect(() => setSettings(loadSettings()), []);
  // Opening the feed (the home page) with the pause on: once, and never again within 30 minutes.
  // Only arriving on the feed opens it; turning the setting on does not.
  useEffect(() => {
    const now = Date.now();
    if (pathname === "/" && pauseDue(loadSettings(), lastPauseAt(), now)) markPause(now);
    if (pathname === "/" && pauseOpen()) {
      setPausing(true);
      for (const video of document.querySelectorAll("video")) video.pause();
    }
  }, [pathname]);
  const changeSettings = (next: ConsciousSettings) => {
    storeSettings(next);
    setSettings(next);
  };
  const step = state ? progress(state) : null;
  // Not while the panel is open: the visitor may be changing the settings that decide it.
  const asking = Boolean(
    settings?.on &&
    settings.intention &&
    state &&
    !state.intentionAsked &&
    !state.stopDue &&
    !pausing &&
    !open &&
    !PAUSED_PATHS.has(pathname),
  );
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const seconds = state ? sessionSeconds(state) : 0;
  const time = formatElapsed(seconds);
  const colour = timerColour(seconds);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) {
        setOpen(false);
        if (event instanceof KeyboardEvent) button.current?.focus();
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

  return (
    // Phones have no room left in the header's row: there the timer hangs centred from the header's
    // lower edge, still on screen on every page without scrolling; from 640 px it sits in the row.
    <div
      ref={box}
      className="pointer-events-none absolute inset-x-0 top-[calc(env(safe-area-inset-top)+2.875rem)] flex justify-center sm:pointer-events-auto sm:relative sm:inset-x-auto sm:top-auto sm:block sm:shrink-0"
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("session.open", { time })}
        onClick={() => setOpen((value) => !value)}
        data-testid="session-timer"
        className={`pointer-events-auto flex h-[22px] items-center gap-1 rounded-full border bg-ink-950/90 px-2 font-mono text-[11px] font-bold tabular-nums hover:bg-ink-800 sm:h-9 sm:bg-transparent sm:text-sm ${COLOUR_CLASS[colour]}`}
      >
        <span role="timer" aria-live="off">
          {time}
        </span>
        {step ? (
          <span data-testid="intention-progress" className="font-sans font-semibold text-ink-200">
            {t(`session.progress.${step.kind}`, { done: step.done, target: step.target })}
          </span>
        ) : null}
        {kept > 0 ? <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-calm-300" /> : null}
      </button>
      {open ? (
        <SessionPanel
          id={panelId}
          seconds={seconds}
          clips={state?.clips.length ?? 0}
          emotionId={state?.emotionId ?? ""}
          signedIn={signedIn}
          said={said}
          onMood={(emotionId, name) => {
            update((session) => ({ ...session, emotionId }));
            setSaid(name ? t("session.emotionNoted", { emotion: name }) : t("session.emotionCleared"));
          }}
          onEnd={() => {
            end("ended");
            setSaid(t(signedIn ? (seconds > 0 ? "session.endedSaved" : "session.endedEmpty") : "session.endedKept", { time }));
          }}
          settings={settings}
          onSettings={changeSettings}
          kept={kept}
          noProfile={noProfile}
          onCarry={() => void carry().then(() => setSaid(t("session.kept.added")))}
          onDiscard={() => {
            discard();
            setSaid(t("session.kept.deleted"));
          }}
        />
      ) : null}
      {asking ? (
        <IntentionCard
          emotions={lists.emotions}
          onChoose={(intention, moodBefore) => update((session) => ({ ...session, intention, moodBefore, intentionAsked: true }))}
        />
      ) : null}
      {state?.stopDue ? (
        <Suspense>
          <StopCard
            state={state}
            lists={lists}
            onMood={(emotionId) => update((session) => ({ ...session, emotionId }))}
            onDone={() => {
              end("done");
              void navigate(CALM_PAGE);
            }}
            onMore={() => update(fiveMore)}
          />
        </Suspense>
      ) : null}
      {pausing ? (
        <Suspense>
          <BreathingPause
            onClose={() => {
              sendPause("closed");
              answerPause();
              setPausing(false);
              void navigate(`${CALM_PAGE}?from=pause`);
            }}
            onContinue={() => {
              sendPause("continued");
              answerPause();
              setPausing(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function SessionPanel(props: {
  id: string;
  seconds: number;
  clips: number;
  emotionId: string;
  signedIn: boolean;
  said: string;
  onMood: (emotionId: string, name: string | undefined) => void;
  onEnd: () => void;
  settings: ConsciousSettings | null;
  onSettings: (settings: ConsciousSettings) => void;
  kept: number;
  noProfile: boolean;
  onCarry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useT();
  const { emotions } = useConsciousLists();
  const headingId = `${props.id}-heading`;
  const moodId = `${props.id}-mood`;
  const colour = timerColour(props.seconds);
  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className="pointer-events-auto fixed inset-x-3 top-[calc(env(safe-area-inset-top)+4.75rem)] z-40 flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4 text-sm shadow-2xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:w-72"
    >
      <h2 id={headingId} className="font-semibold text-white">
        {t("session.heading")}
      </h2>
      <p className="flex items-baseline justify-between gap-2">
        <span data-testid="timer-time" className={`font-mono text-lg font-bold tabular-nums ${COLOUR_CLASS[colour].split(" ")[0]}`}>
          {formatElapsed(props.seconds)}
        </span>
        <span data-testid="timer-state" className="text-ink-300">
          {t(`session.state.${colour}`)}
        </span>
      </p>
      <p className="text-ink-300">{t("session.clips", { count: props.clips })}</p>
      <p className="flex flex-col gap-1">
        <label htmlFor={moodId} className="text-ink-300">
          {t("session.emotion")}
        </label>
        <select
          id={moodId}
          value={props.emotionId}
          onChange={(event) => {
            const value = event.currentTarget.value;
            props.onMood(value, emotions.find((e) => String(e.id) === value)?.name);
          }}
          className="w-full rounded-full border border-ink-700 bg-ink-950 px-3 py-1.5 text-ink-200"
        >
          <option value="">{t("session.noEmotion")}</option>
          {emotions.map((emotion) => (
            <option key={emotion.id} value={emotion.id}>
              {emotion.name}
            </option>
          ))}
        </select>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={props.onEnd}
          className="rounded-full border border-ink-600 px-4 py-1.5 font-semibold text-white hover:bg-ink-800"
        >
          {t("session.end")}
        </button>
        {props.signedIn ? (
          <Link to="/insights" className="font-semibold text-calm-300 underline">
            {t("session.insights")}
          </Link>
        ) : (
          <Link to="/auth/sign-in?next=/insights" className="font-semibold text-calm-300 underline">
            {t("session.signIn")}
          </Link>
        )}
      </div>
      {props.noProfile ? <p className="text-xs text-ink-300">{t("session.noProfile")}</p> : null}
      {props.kept > 0 ? (
        <div className="flex flex-col gap-2 rounded-xl border border-calm-500/40 p-3">
          <p className="text-ink-200">{t("session.kept.notice", { count: props.kept })}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={props.onCarry} className="rounded-full bg-calm-300 px-3 py-1 font-semibold text-ink-950">
              {t("session.kept.add")}
            </button>
            <button
              type="button"
              onClick={props.onDiscard}
              className="rounded-full border border-ink-600 px-3 py-1 font-semibold text-white"
            >
              {t("session.kept.delete")}
            </button>
          </div>
        </div>
      ) : null}
      {props.settings ? <SettingsFields settings={props.settings} onChange={props.onSettings} /> : null}
      <p role="status" data-testid="timer-confirmation" className="min-h-4 text-xs text-calm-300">
        {props.said}
      </p>
    </section>
  );
}

function SettingsFields({ settings, onChange }: { settings: ConsciousSettings; onChange: (settings: ConsciousSettings) => void }) {
  const { t } = useT();
  const box = "h-4 w-4 accent-[var(--color-calm-500)]";
  return (
    <fieldset className="flex flex-col gap-2 border-t border-ink-800 pt-3">
      <legend className="sr-only">{t("session.settings.legend")}</legend>
      <label className="flex items-center gap-2 font-semibold text-white">
        <input
          type="checkbox"
          role="switch"
          checked={settings.on}
          onChange={(event) => onChange({ ...settings, on: event.currentTarget.checked })}
          className={box}
        />
        {t("session.settings.on")}
      </label>
      {settings.on ? (
        <>
          <label className="flex items-center gap-2 text-ink-200">
            <input
              type="checkbox"
              checked={settings.intention}
              onChange={(event) => onChange({ ...settings, intention: event.currentTarget.checked })}
              className={box}
            />
            {t("session.settings.intention")}
          </label>
          <label className="flex items-center gap-2 text-ink-200">
            <input
              type="checkbox"
              checked={settings.pause}
              onChange={(event) => onChange({ ...settings, pause: event.currentTarget.checked })}
              className={box}
            />
            {t("session.settings.pause")}
          </label>
        </>
      ) : null}
    </fieldset>
  );
}
