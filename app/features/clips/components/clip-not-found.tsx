import { NotFoundView } from "~/components/ui/not-found-view";
import { useT } from "~/lib/i18n/react";

export function ClipNotFound() {
  const { t } = useT("clip");
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-14 w-14 text-flame-400" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M9 10l6 4M15 10l-6 4" />
    </svg>
  );
  return <NotFoundView icon={icon} title={t("notFound.title")} message={t("notFound.message")} homeLabel={t("notFound.backHome")} />;
}
