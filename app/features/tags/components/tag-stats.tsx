import { StatTiles } from "~/components/ui/stat-tiles";
import { useT } from "~/lib/i18n/react";
import type { TagStats as Stats } from "../tags.server";

export function TagStats({ stats }: { stats: Stats }) {
  const { t, language } = useT("tag");
  const tiles = (["videos", "flames", "creators", "views"] as const).map((key) => ({ key, label: t(`stats.${key}`), value: stats[key] }));
  return <StatTiles label={t("stats.label")} tiles={tiles} language={language} />;
}
