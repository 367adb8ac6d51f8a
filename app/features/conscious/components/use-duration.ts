import { useT } from "~/lib/i18n/react";
import { durationMessage } from "../insights";

/** Durations in words in the visitor's language: '45 s', '2 min 5 s', '1 h 5 min'. */
export function useDuration(): (seconds: number) => string {
  const { t } = useT("insights");
  return (seconds) => {
    const { key, values } = durationMessage(seconds);
    return t(`duration.${key}`, values);
  };
}
