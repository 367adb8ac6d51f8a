import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/** The frame every form page shares: heading, intro, the form, a link home. */
export function FormPage({
  title,
  intro,
  children,
  aside,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  const { t } = useT("forms");
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <Link to="/" className="self-start text-sm text-ink-300 underline-offset-4 hover:text-white hover:underline">
        ← {t("backHome")}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{title}</h1>
        <div className="flex flex-col gap-2 text-ink-300">{intro}</div>
      </header>
      {aside}
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-5 sm:p-6">{children}</div>
    </section>
  );
}
