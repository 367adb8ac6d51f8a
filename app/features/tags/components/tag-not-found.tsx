import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

export function TagNotFound() {
  const { t } = useT("tag");
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-white">{t("notFound.title")}</h1>
      <p className="text-ink-300">{t("notFound.message")}</p>
      <Link to="/" className="rounded-full bg-flame-500 px-5 py-2 font-semibold text-white hover:bg-flame-400">
        {t("backToHome")}
      </Link>
    </section>
  );
}
