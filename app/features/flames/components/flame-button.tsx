import { useEffect, useRef, useState } from "react";
import { FlameIcon } from "~/components/ui/flame-icon";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";

export interface FlameState {
  flamed: boolean;
  flames: number;
}

/**
 * Sends the desired state to /api/flames. While a toggle is in flight further
 * clicks are ignored (docs/product.md §7.1); the count shown is the server's answer.
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
      // docs/product.md §7.1: flame errors are only logged.
      console.warn("flame failed");
      return null;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { ...state, pending, toggle: () => setFlamed(!state.flamed), setFlamed };
}

export function FlameButton(props: {
  flamed: boolean;
  flames: number;
  pending: boolean;
  onToggle: () => void;
  /** `stacked`: a round icon with the count under it (the feed's action rail). */
  layout?: "inline" | "stacked";
  describedBy?: string;
}) {
  const { t, language } = useT("feed");
  const label = `${t("flames.give")}, ${t("feed.flames", { count: props.flames })}`;
  const icon = (
    <FlameIcon
      filled={props.flamed}
      className={`${props.layout === "stacked" ? "h-7 w-7" : "h-5 w-5"} ${props.flamed ? "text-flame-500" : "text-flame-400"}`}
    />
  );
  const button = {
    type: "button" as const,
    onClick: props.onToggle,
    "aria-pressed": props.flamed,
    "aria-busy": props.pending,
    "aria-label": label,
    "aria-describedby": props.describedBy,
  };
  if (props.layout === "stacked") {
    return (
      <button {...button} className="rail-action group">
        <span className="rail-icon group-aria-pressed:bg-flame-500/25 group-aria-pressed:ring-flame-500">{icon}</span>
        {/* A new count is a new node, not a moved one: centred digits of another width are no layout shift. */}
        <span key={props.flames} className="rail-label tabular-nums" data-testid="flame-count">
          {formatNumber(props.flames, language)}
        </span>
      </button>
    );
  }
  return (
    <button
      {...button}
      className="group flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900/80 px-4 py-2 font-semibold text-white transition hover:border-flame-400 aria-pressed:border-flame-500 aria-pressed:bg-flame-500/20"
    >
      {icon}
      <span className="tabular-nums" data-testid="flame-count">
        {formatNumber(props.flames, language)}
      </span>
    </button>
  );
}
