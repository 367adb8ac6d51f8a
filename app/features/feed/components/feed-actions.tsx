import { lazy, Suspense, useRef, useState } from "react";
import { FlameIcon } from "~/components/ui/flame-icon";
import { ShareButton } from "~/components/ui/share-button";
import { FlameButton, useFlame, type FlameState } from "~/features/flames";
import { useT } from "~/lib/i18n/react";
import { lazyView } from "~/lib/lazy-view";
import type { FeedClip } from "../feed-clip";
import { reportSignal } from "~/features/signals";
import type { FeedOrder } from "../use-feed";

// 'Full Content' is a plain link (or a disabled button): the server's HTML works until its code arrives (lazyView).
const FullContentAction = lazyView(() => import("~/features/clips/index.lazy").then((m) => m.FullContentAction));

// A refused flame's note: few see one (lazyView).
const FlameRefusalNote = lazyView(() => import("~/features/flames/index.lazy").then((m) => m.FlameRefusalNote));

// The clip's menu loads when first opened: the home page's first load stays within its budget.
const ClipMenu = lazy(() => import("./clip-menu"));

/** Whether this visit's first flame has said the rule: once, not over every clip flamed after it. */
let ruleSaid = false;

/**
 * The clip's actions: flame with its count, 'Hot & next' (flame, then advance once it counts),
 * share and Full Content. Over the clip's right edge on phones, beside it on
 * wider screens.
 */
export function ActionRail({
  clip,
  position,
  signedIn,
  onFlamed,
  onHotAndNext,
  order,
  onOrder,
  onRemoved,
}: {
  clip: FeedClip;
  position: number;
  signedIn: boolean;
  onFlamed: (position: number, state: FlameState) => void;
  onHotAndNext: () => void;
  order: FeedOrder | null;
  onOrder: (order: FeedOrder) => void;
  onRemoved: (clipId: string) => void;
}) {
  const { t } = useT("feed");
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const flame = useFlame(clip.id, { flamed: clip.flamed, flames: clip.flames });
  // The first flame of a visitor without an account says where such flames count (docs/product.md §7.4), beside the
  // clip flamed while it is on screen. Not after Hot & next, which moves on at once: the next flame says it.
  const [ruleFor, setRuleFor] = useState<string>();

  async function applyFlame(flamed: boolean, sayRule = true) {
    const result = await flame.setFlamed(flamed);
    if (result) {
      onFlamed(position, result);
      if (sayRule && !signedIn && result.flamed && !ruleSaid) {
        ruleSaid = true;
        setRuleFor(clip.id);
      }
    }
    return result;
  }

  return (
    <div className="feed-rail" role="group" aria-label={t("feed.actions")}>
      {flame.refusal ? (
        <FlameRefusalNote refusal={flame.refusal} onDismiss={flame.dismiss} className="feed-rule" />
      ) : ruleFor === clip.id ? (
        <p role="status" className="feed-rule">
          {t("flames.rule")}
        </p>
      ) : null}
      <FlameButton
        layout="stacked"
        flamed={flame.flamed}
        flames={flame.flames}
        pending={flame.pending}
        onToggle={() => void applyFlame(!flame.flamed)}
      />
      <button
        type="button"
        disabled={flame.pending}
        onClick={async () => {
          // Moves on only once the flame counts; a refusal stays on this clip, saying why.
          if (await applyFlame(true, false)) onHotAndNext();
        }}
        className="rail-action"
      >
        <span className="rail-icon bg-flame-600 ring-flame-500 group-hover:bg-flame-700">
          <FlameIcon className="h-5 w-5 text-white" />
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="-ml-0.5 h-4 w-4 text-white"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </span>
        <span className="rail-label">{t("feed.hotAndNext")}</span>
      </button>
      <ShareButton
        layout="stacked"
        title={clip.title}
        url={`/video/${clip.slug}`}
        onShared={() => reportSignal({ clipId: clip.id, kind: "share" })}
      />
      <FullContentAction clip={clip} layout="stacked" />
      <button
        ref={menuButton}
        type="button"
        className="rail-action rail-more"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? "clip-menu" : undefined}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <span className="rail-icon bg-ink-800/80 ring-ink-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-5 w-5 text-white" fill="currentColor">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </span>
        <span className="rail-label">{t("menu.open")}</span>
      </button>
      {menuOpen ? (
        <Suspense fallback={null}>
          <ClipMenu clip={clip} close={closeMenu} onRemoved={onRemoved} order={order} onOrder={onOrder} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Previous and next clip: top right on phones, at the side of the stage on wider screens. */
export function FeedNav({ onPrevious, onNext }: { onPrevious: () => void; onNext: () => void }) {
  const { t } = useT("feed");
  const buttons = [
    { label: t("feed.previous"), onClick: onPrevious, chevron: "M6 15l6-6 6 6" },
    { label: t("feed.next"), onClick: onNext, chevron: "M6 9l6 6 6-6" },
  ];
  return (
    <div className="feed-nav">
      {buttons.map(({ label, onClick, chevron }) => (
        <button key={chevron} type="button" onClick={onClick} title={label} className="feed-nav-button">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d={chevron} />
          </svg>
          <span className="sr-only">{label}</span>
        </button>
      ))}
    </div>
  );
}
