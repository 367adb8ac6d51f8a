import { NotFoundView } from "~/components/ui/not-found-view";
import { useT } from "~/lib/i18n/react";

export function CreatorNotFound() {
  const { t } = useT("creator");
  return <NotFoundView title={t("notFound.title")} message={t("notFound.message")} homeLabel={t("backToHome")} />;
}
