import { StatTiles } from "~/components/ui/stat-tiles";
import { useT } from "~/lib/i18n/react";
import type { CreatorStats as Stats } from "../creators.server";

export function CreatorStats({ stats, followers }: { stats: Stats; followers: number }) {
  const { t, language } = useT("creator");
  const tiles = [
    ...(["videos", "flames"] as const).map((key) => ({ key, label: t(`stats.${key}`), value: stats[key] })),
    { key: "followers", label: t("stats.followers"), value: followers },
    { key: "tags", label: t("stats.tags"), value: stats.tags },
    { key: "views", label: t("stats.views"), value: stats.views },
  ];
  return <StatTiles label={t("stats.label")} tiles={tiles} language={language} />;
}
