import { useState } from "react";
import type { ClipCard } from "../../clip-card.server";
import { clockDuration } from "../../duration";

type Storyboard = NonNullable<ClipCard["storyboard"]>;

/** Where the storyboard's frame for a moment of the clip sits in its sprite. */
export function storyboardFrame(storyboard: Storyboard, seconds: number): { x: number; y: number } {
  const index = Math.min(storyboard.count - 1, Math.max(0, Math.floor(seconds / storyboard.interval)));
  return { x: (index % storyboard.columns) * storyboard.tileWidth, y: Math.floor(index / storyboard.columns) * storyboard.tileHeight };
}

const MOVING_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

const isSeekBar = (target: EventTarget) => target instanceof HTMLInputElement && target.type === "range";

/**
 * Seek previews from the clip's storyboard (ADR 155): the frame and the time under the pointer while it hovers or
 * drags the seek bar, and under the thumb while the keyboard moves it (shown while the bar has the keyboard's focus).
 * The player's bar is its child; the preview listens to its events as they bubble, so the feed's bar carries
 * nothing of it. Shown and moved without animation (nothing slides, whatever prefers-reduced-motion says).
 */
export function SeekPreview({ storyboard, duration, children }: { storyboard: Storyboard; duration: number; children: React.ReactNode }) {
  // Share of the clip and of the bar's width where the preview points; null: hidden.
  const [at, setAt] = useState<{ fraction: number; left: number } | null>(null);

  const fromPointer = (event: React.PointerEvent) => {
    if (!isSeekBar(event.target)) return setAt(null);
    const bar = (event.target as HTMLElement).getBoundingClientRect();
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - bar.left) / bar.width));
    setAt({ fraction, left: event.clientX - box.left });
  };
  const fromThumb = (input: HTMLInputElement, box: HTMLElement) => {
    const fraction = Number(input.value) / Number(input.max || 1);
    const bar = input.getBoundingClientRect();
    setAt({ fraction, left: bar.left - box.getBoundingClientRect().left + fraction * bar.width });
  };

  const seconds = at ? at.fraction * duration : 0;
  const frame = storyboardFrame(storyboard, seconds);
  const half = storyboard.tileWidth / 2;
  return (
    <div
      className="relative"
      onPointerMove={fromPointer}
      onPointerDown={fromPointer}
      onPointerLeave={(event) => {
        if (!(document.activeElement && isSeekBar(document.activeElement) && event.currentTarget.contains(document.activeElement)))
          setAt(null);
      }}
      onPointerUp={(event) => event.pointerType === "touch" && setAt(null)}
      onKeyUp={(event) => {
        // The keys that move the thumb; Escape hides the preview until the next of them.
        if (isSeekBar(event.target) && MOVING_KEYS.has(event.key)) fromThumb(event.target as HTMLInputElement, event.currentTarget);
      }}
      onFocus={(event) => {
        const target = event.target;
        if (isSeekBar(target) && target.matches(":focus-visible")) fromThumb(target as HTMLInputElement, event.currentTarget);
      }}
      onBlur={() => setAt(null)}
      onKeyDown={(event) => event.key === "Escape" && setAt(null)}
    >
      {at ? (
        <div
          aria-hidden="true"
          data-testid="seek-preview"
          className="pointer-events-none absolute bottom-full mb-1 flex flex-col items-center gap-1"
          // Kept inside the player: centred on the pointer, held back at either edge.
          style={{ left: `clamp(0.5rem, ${at.left - half}px, calc(100% - ${storyboard.tileWidth}px - 0.5rem))` }}
        >
          <div
            className="rounded-md ring-2 ring-white/80"
            style={{
              width: storyboard.tileWidth,
              height: storyboard.tileHeight,
              backgroundImage: `url(${storyboard.url})`,
              backgroundPosition: `-${frame.x}px -${frame.y}px`,
            }}
          />
          <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">{clockDuration(seconds)}</span>
        </div>
      ) : null}
      {children}
    </div>
  );
}
