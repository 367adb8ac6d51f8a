import { NotFoundView } from "~/components/ui/not-found-view";
import { useT } from "~/lib/i18n/react";

export function TagNotFound() {
  const { t } = useT("tag");
  return <NotFoundView title={t("notFound.title")} message={t("notFound.message")} homeLabel={t("backToHome")} />;
}
