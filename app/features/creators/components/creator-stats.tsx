import { StatTiles } from "~/components/ui/stat-tiles";
import { useT } from "~/lib/i18n/react";
import type { CreatorStats as Stats } from "../creators.server";

export function CreatorStats({ stats }: { stats: Stats }) {
  const { t, language } = useT("creator");
  const tiles = (["videos", "flames", "tags"] as const).map((key) => ({ key, label: t(`stats.${key}`), value: stats[key] }));
  return <StatTiles label={t("stats.label")} tiles={tiles} language={language} />;
}
