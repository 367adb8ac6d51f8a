import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

export function VideoNotFound() {
  const { t } = useT("video");
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-14 w-14 text-flame-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M9 10l6 4M15 10l-6 4" />
      </svg>
      <h1 className="text-2xl font-bold text-white">{t("notFound.title")}</h1>
      <p className="text-ink-300">{t("notFound.message")}</p>
      <Link to="/" className="rounded-full bg-flame-500 px-5 py-2 font-semibold text-white hover:bg-flame-400">
        {t("notFound.backHome")}
      </Link>
    </section>
  );
}
