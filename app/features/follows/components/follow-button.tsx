import { useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/lib/i18n/react";
import { setKnown, useFollowing } from "./follow-store";

/**
 * Follow / Following for one creator (docs/decisions/150-following-creators.md). The state flips at once
 * and goes back, with the server's reason in a toast, when the follow is refused or fails (docs/product.md
 * § Creators). `following` is null when the page was rendered without the visitor's state (a shared page):
 * the button then asks /api/follows.
 */
export function FollowButton({
  creatorSlug,
  creatorName,
  following: initial,
  onFollowers,
  size = "regular",
}: {
  creatorSlug: string;
  creatorName: string;
  following: boolean | null;
  /** Told the creator's new follower count after each answer. */
  onFollowers?: (followers: number) => void;
  /** `compact`: the small pill beside the creator's name in the feed. */
  size?: "regular" | "compact";
}) {
  const { t } = useT("follows");
  const following = useFollowing(creatorSlug, initial) ?? false;
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  async function toggle() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const wanted = !following;
    setKnown(creatorSlug, wanted);
    try {
      const response = await fetch("/api/follows", {
        method: "POST",
        body: new URLSearchParams({ creator: creatorSlug, following: String(wanted) }),
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as
        { ok: true; following: boolean; followers: number } | { ok: false; errors: Record<string, string> } | null;
      if (!response.ok || !body || !body.ok) {
        setKnown(creatorSlug, !wanted);
        toast.error(body && !body.ok ? (Object.values(body.errors)[0] ?? t("errors.failed")) : t("errors.failed"));
        return;
      }
      setKnown(creatorSlug, body.following);
      onFollowers?.(body.followers);
    } catch {
      setKnown(creatorSlug, !wanted);
      toast.error(t("errors.failed"));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  const look =
    size === "compact"
      ? "rounded-full border border-white/70 px-2.5 py-0.5 text-xs font-semibold text-white drop-shadow aria-pressed:border-white/30 aria-pressed:bg-white/15"
      : "rounded-full px-5 py-2 font-semibold text-white bg-flame-600 hover:bg-flame-500 aria-pressed:bg-ink-800 aria-pressed:ring-1 aria-pressed:ring-ink-600";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={following}
      aria-busy={pending}
      data-testid="follow-button"
      className={`${look} transition`}
    >
      {following ? t("following") : t("follow")}
      <span className="sr-only"> {creatorName}</span>
    </button>
  );
}
