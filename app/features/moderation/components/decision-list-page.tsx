import type { ReactNode } from "react";

/** The buttons of an approve/reject list (creator requests, creator page changes). */
export const DECISION_BUTTON = "rounded px-3 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-flame-400";

/**
 * A desk page that lists items to approve or reject, one at a time: its heading and intro, then what the last decision
 * did (a status) or why it was refused (an alert), then the list.
 */
export function DecisionListPage({
  id,
  heading,
  intro,
  reply,
  approved,
  rejected,
  children,
}: {
  id: string;
  heading: string;
  intro: string;
  reply?: { ok: true; decision: "approve" | "reject" } | { ok: false; errors: Record<string, string> };
  /** What the page says after an approval, and after a rejection. */
  approved: string;
  rejected: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h1 id={id} className="text-2xl font-bold">
        {heading}
      </h1>
      <p className="text-ink-300">{intro}</p>
      {reply ? (
        <p role={reply.ok ? "status" : "alert"} className={reply.ok ? "text-emerald-300" : "text-red-300"}>
          {reply.ok ? (reply.decision === "approve" ? approved : rejected) : reply.errors.form}
        </p>
      ) : null}
      {children}
    </section>
  );
}
