import { useEffect, useRef, useState } from "react";
import { FlameIcon } from "~/components/ui/flame-icon";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import { reportSignal } from "~/features/signals";
import { ensureAnonymousId } from "../ensure-anonymous-id";

export interface FlameState {
  flamed: boolean;
  flames: number;
}

/** Why the last flame did not count, in the visitor's language; `signIn` when signing in is a way forward. */
export interface FlameRefusal {
  message: string;
  signIn: boolean;
}

/** Refusals whose way forward includes signing in (members are not limited, ADR 140). */
const SIGN_IN_HELPS = new Set(["flames.noVisitorId", "flames.rateLimited", "flames.addressBusy"]);

/**
 * Sends the desired state to /api/flames. While a toggle is in flight further clicks are ignored
 * (docs/product.md §7.1). The count moves at once and goes back if the flame is refused or fails; then
 * `refusal` says why (the server's translated message, or the browser's own for a lost connection).
 */
export function useFlame(clipId: string, initial: FlameState) {
  const { t } = useT("feed");
  const [state, setState] = useState(initial);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<FlameRefusal | null>(null);
  const inFlight = useRef(false);

  // A new clip or a new server answer replaces the local state.
  const { flamed, flames } = initial;
  useEffect(() => {
    setState({ flamed, flames });
    setRefusal(null);
  }, [clipId, flamed, flames]);

  async function setFlamed(next: boolean): Promise<FlameState | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setPending(true);
    setRefusal(null);
    const before = state;
    if (before.flamed !== next) setState({ flamed: next, flames: Math.max(0, before.flames + (next ? 1 : -1)) });
    try {
      await ensureAnonymousId();
      const response = await fetch("/api/flames", {
        method: "POST",
        body: new URLSearchParams({ clipId, flamed: String(next) }),
        headers: { Accept: "application/json" },
      });
      const reply = (await response.json().catch(() => null)) as (FlameState & { errors?: { form?: string }; reason?: string }) | null;
      if (!response.ok || !reply || typeof reply.flames !== "number") {
        setState(before);
        const message = reply?.errors?.form ?? t(response.status >= 500 ? "flames.serverFailed" : "flames.failed");
        setRefusal({ message, signIn: SIGN_IN_HELPS.has(reply?.reason ?? "") });
        return null;
      }
      const accepted = { flamed: reply.flamed, flames: reply.flames };
      setState(accepted);
      if (accepted.flamed) reportSignal({ clipId, kind: "flame" });
      return accepted;
    } catch {
      setState(before);
      setRefusal({ message: t("flames.failed"), signIn: false });
      return null;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { ...state, pending, refusal, dismiss: () => setRefusal(null), toggle: () => setFlamed(!state.flamed), setFlamed };
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
