import { useId, useState } from "react";
import { useT } from "~/lib/i18n/react";
import { INTENTION_CHOICES, type Intention } from "../session";
import { ModalCard } from "./modal-card";
import { MoodChoices } from "./mood-choices";
import type { EmotionOption } from "./use-conscious-lists";

/** The intention's label: "When I reach 10 clips, I'll stop" (an implementation intention), or "Just browsing". */
export const intentionKey = (intention: Intention) =>
  intention.kind === "browse" ? "session.intention.browse" : `session.intention.${intention.kind}`;

/**
 * "What are you here for?", once per session when Conscious Mode is on (docs/product.md §11.9): one
 * tap on an intention starts the session with it; the mood before is one optional tap above.
 * Escape or "Not now" leaves the session without an intention.
 */
export function IntentionCard({
  emotions,
  onChoose,
}: {
  emotions: EmotionOption[];
  onChoose: (intention: Intention | null, moodBefore: string) => void;
}) {
  const { t } = useT();
  const heading = useId();
  const [mood, setMood] = useState("");
  return (
    <ModalCard labelledBy={heading} onCancel={() => onChoose(null, mood)} testId="intention-card">
      <h2 id={heading} className="text-2xl font-bold text-white">
        {t("session.intention.heading")}
      </h2>
      <MoodChoices legend={t("session.moodBefore")} emotions={emotions} value={mood} onChange={setMood} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-ink-300">{t("session.intention.legend")}</legend>
        {INTENTION_CHOICES.map((choice) => (
          <button
            key={`${choice.kind}-${choice.target}`}
            type="button"
            onClick={() => onChoose(choice, mood)}
            className="rounded-2xl border border-calm-500/40 px-4 py-3 text-left font-semibold text-white hover:bg-calm-500/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-calm-300"
          >
            {t(intentionKey(choice), { count: choice.target ?? 0 })}
          </button>
        ))}
      </fieldset>
      <button type="button" onClick={() => onChoose(null, mood)} className="self-start text-sm text-ink-300 underline">
        {t("session.intention.notNow")}
      </button>
    </ModalCard>
  );
}
