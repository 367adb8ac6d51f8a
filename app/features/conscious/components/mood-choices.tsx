import type { EmotionOption } from "./use-conscious-lists";

/** One tap on an emotion (a radio group drawn as chips); a second tap on the chosen one clears it. */
export function MoodChoices({
  legend,
  emotions,
  value,
  onChange,
}: {
  legend: string;
  emotions: EmotionOption[];
  value: string;
  onChange: (emotionId: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm text-ink-300">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {emotions.map((emotion) => {
          const id = String(emotion.id);
          const chosen = value === id;
          return (
            <button
              key={id}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(chosen ? "" : id)}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-calm-300 ${chosen ? "border-calm-300 bg-calm-500/25 text-white" : "border-ink-600 text-ink-200 hover:bg-ink-800"}`}
            >
              {emotion.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
