import { useT } from "~/lib/i18n/react";

export interface EmotionOption {
  id: number;
  name: string;
}

/** The emotion stored with the timer's session (labelled select; names already in the visitor's language). */
export function EmotionPicker({ emotions, onChange }: { emotions: EmotionOption[]; onChange: (emotionId: string) => void }) {
  const { t } = useT("conscious");
  return (
    <p className="flex flex-col gap-1">
      <label htmlFor="usage-emotion" className="text-ink-300">
        {t("timer.emotion")}
      </label>
      <select
        id="usage-emotion"
        name="emotionId"
        defaultValue=""
        onChange={(event) => onChange(event.currentTarget.value)}
        className="w-full rounded-full border border-ink-700 bg-ink-950 px-3 py-1.5 text-ink-200"
      >
        <option value="">{t("timer.noEmotion")}</option>
        {emotions.map((emotion) => (
          <option key={emotion.id} value={emotion.id}>
            {emotion.name}
          </option>
        ))}
      </select>
    </p>
  );
}
