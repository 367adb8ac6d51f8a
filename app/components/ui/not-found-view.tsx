import type { ReactNode } from "react";
import { Link } from "react-router";

/** A page-specific 'not found' view (Creator Not Found, Tag Not Found …) with the way home. */
export function NotFoundView({ title, message, homeLabel, icon }: { title: string; message: string; homeLabel: string; icon?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      {icon}
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      <p className="text-ink-300">{message}</p>
      <Link to="/" className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
        {homeLabel}
      </Link>
    </section>
  );
}
