import { useId } from "react";
import { useT } from "~/lib/i18n/react";
import { sessionSeconds, type SessionState } from "../session";
import { formatElapsed } from "../timer";
import { ModalCard } from "./modal-card";
import { MoodChoices } from "./mood-choices";
import type { ConsciousLists } from "./use-conscious-lists";

/** The category the session spent most time on, by name; null when no clip was on screen. */
function topCategory(state: SessionState, lists: ConsciousLists): string | null {
  const [slug] = Object.entries(state.categories).sort((a, b) => b[1] - a[1])[0] ?? [];
  return slug ? (lists.categories.find((c) => c.slug === slug)?.name ?? slug) : null;
}

/**
 * The stop card (docs/product.md §11.9): at the natural stopping point, instead of the next clip.
 * What was watched, the mood after, "I'm done" first and "5 more" as the deliberate second choice.
 * Nothing moves on by itself, and Escape does not dismiss it: the visitor chooses.
 */
export function StopCard({
  state,
  lists,
  onMood,
  onDone,
  onMore,
}: {
  state: SessionState;
  lists: ConsciousLists;
  onMood: (emotionId: string) => void;
  onDone: () => void;
  onMore: () => void;
}) {
  const { t } = useT();
  const heading = useId();
  const summary = useId();
  const top = topCategory(state, lists);
  const unit = state.intention?.kind === "minutes" ? "minutes" : "clips";
  return (
    <ModalCard labelledBy={heading} describedBy={summary} testId="stop-card">
      <h2 id={heading} className="text-2xl font-bold text-white">
        {t("session.stop.heading")}
      </h2>
      <div id={summary} className="flex flex-col gap-1 text-ink-200">
        <p>{t(`session.stop.reached.${unit}`, { count: (state.intention?.target ?? 0) + 5 * state.extensions })}</p>
        <p data-testid="stop-summary">
          {t("session.stop.watched", { count: state.clips.length, time: formatElapsed(sessionSeconds(state)) })}
          {top ? ` ${t("session.stop.top", { category: top })}` : ""}
        </p>
      </div>
      <MoodChoices legend={t("session.moodAfter")} emotions={lists.emotions} value={state.emotionId} onChange={onMood} />
      <div className="flex flex-col gap-3">
        {/* The way out comes first and is the one that stands out. */}
        <button
          type="button"
          data-autofocus
          onClick={onDone}
          className="rounded-full bg-calm-300 px-5 py-3 text-lg font-bold text-ink-950 hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t("session.stop.done")}
        </button>
        <button
          type="button"
          onClick={onMore}
          className="self-center rounded-full border border-ink-600 px-4 py-2 text-sm font-semibold text-ink-200 hover:bg-ink-800"
        >
          {t(`session.stop.more.${unit}`)}
        </button>
      </div>
    </ModalCard>
  );
}
