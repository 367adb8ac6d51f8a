import { useEffect, useRef, useState } from "react";
import { useT } from "~/lib/i18n/react";

export interface FlameState {
  flamed: boolean;
  flames: number;
}

/**
 * Sends the desired state to /api/flames. While a toggle is in flight further
 * clicks are ignored (SPEC 4); the count shown is the server's answer.
 */
export function useFlame(clipId: string, initial: FlameState) {
  const [state, setState] = useState(initial);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  // A new clip or a new server answer replaces the local state.
  const { flamed, flames } = initial;
  useEffect(() => setState({ flamed, flames }), [clipId, flamed, flames]);

  async function setFlamed(flamed: boolean): Promise<FlameState | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setPending(true);
    try {
      const response = await fetch("/api/flames", {
        method: "POST",
        body: new URLSearchParams({ clipId, flamed: String(flamed) }),
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return null;
      const next = (await response.json()) as FlameState;
      setState(next);
      return next;
    } catch {
      // SPEC 8: like errors are only logged.
      console.warn("flame failed");
      return null;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { ...state, pending, toggle: () => setFlamed(!state.flamed), setFlamed };
}

export function FlameButton(props: { flamed: boolean; flames: number; pending: boolean; onToggle: () => void; size?: "md" | "lg" }) {
  const { t } = useT("discovery");
  return (
    <button
      type="button"
      onClick={props.onToggle}
      aria-pressed={props.flamed}
      aria-busy={props.pending}
      aria-label={`${t("flames.give")}, ${t("feed.flames", { count: props.flames })}`}
      className="group flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900/80 px-4 py-2 font-semibold text-white transition hover:border-flame-400 aria-pressed:border-flame-500 aria-pressed:bg-flame-500/20"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`${props.size === "lg" ? "h-6 w-6" : "h-5 w-5"} ${props.flamed ? "fill-flame-500" : "fill-none"} stroke-flame-400`}
        strokeWidth="2"
      >
        <path d="M12 2c1 4-3 6-3 10a3 3 0 0 0 6 0c0-2-1-3-1-5 3 2 5 5 5 8a7 7 0 0 1-14 0c0-6 5-8 7-13z" />
      </svg>
      <span className="tabular-nums">{props.flames}</span>
    </button>
  );
}
