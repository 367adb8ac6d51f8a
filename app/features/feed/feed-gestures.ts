/** Towards the next clip (1) or the previous one (-1). */
export type Direction = 1 | -1;

// The feed's pointer and wheel gestures (docs/product.md §5.3), attached by useFeedMotion once the
// page has hydrated: this module is its own chunk, outside the home page's first-load JavaScript.

/** A pointer has to travel this far before it is a drag rather than a tap. */
const DRAG_START_PX = 10;
/** The left/right swipe of docs/product.md §5.3. */
const SIDE_SWIPE_PX = 50;
/** A vertical drag past this share of the stage, or a flick this fast, moves to the next clip. */
const COMMIT_SHARE = 0.18;
const FLICK_PX_PER_MS = 0.35;
/** Wheel and trackpad: this much scrolling moves one clip; the gesture then has to pause before the next. */
const WHEEL_STEP_PX = 30;
const WHEEL_QUIET_MS = 220;

/** Listens on the stage; returns the function that stops listening. */
export function attachFeedGestures(
  el: HTMLElement,
  {
    go,
    setOffset,
    height,
  }: { go: (direction: Direction, fromPx?: number) => void; setOffset: (px: number, animate: boolean) => void; height: () => number },
): () => void {
  let start: { x: number; y: number; time: number; id: number } | null = null;
  let axis: "x" | "y" | null = null;
  let dragged = false;
  let wheel = { total: 0, last: 0, spent: false };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if ((event.target as Element).closest("input, select, textarea, [data-no-swipe]")) return;
    start = { x: event.clientX, y: event.clientY, time: event.timeStamp, id: event.pointerId };
    axis = null;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!axis) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < DRAG_START_PX) return;
      axis = Math.abs(dy) > Math.abs(dx) ? "y" : "x";
      dragged = true;
      // Only now: capturing at once would take the click away from a tapped button.
      el.setPointerCapture(event.pointerId);
    }
    if (axis === "y") setOffset(dy, false);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const speed = dy / Math.max(1, event.timeStamp - start.time);
    start = null;
    if (axis === "y") {
      const far = Math.abs(dy) > height() * COMMIT_SHARE || Math.abs(speed) > FLICK_PX_PER_MS;
      if (far && dy !== 0) go(dy < 0 ? 1 : -1, dy);
      else setOffset(0, true);
    } else if (axis === "x") {
      if (dx <= -SIDE_SWIPE_PX) go(1);
      else if (dx >= SIDE_SWIPE_PX) go(-1);
    }
    axis = null;
  };
  const onPointerCancel = () => {
    if (axis === "y") setOffset(0, true);
    start = null;
    axis = null;
  };
  // A drag ends in a click on whatever is under the pointer: that click is not a choice.
  const onClick = (event: MouseEvent) => {
    if (!dragged) return;
    dragged = false;
    event.preventDefault();
    event.stopPropagation();
  };
  const onPointerDownReset = () => (dragged = false);

  const onWheel = (event: WheelEvent) => {
    // Pinch-zoom on a trackpad arrives as a wheel with ctrlKey.
    if (event.ctrlKey) return;
    if ((event.target as Element).closest("[data-scrolls]")) return;
    event.preventDefault();
    const dy = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
    if (Math.abs(dy) < Math.abs(event.deltaX)) return;
    if (event.timeStamp - wheel.last > WHEEL_QUIET_MS) wheel = { total: 0, last: 0, spent: false };
    wheel.last = event.timeStamp;
    if (wheel.spent) return;
    wheel.total += dy;
    if (Math.abs(wheel.total) >= WHEEL_STEP_PX) {
      wheel.spent = true;
      go(wheel.total > 0 ? 1 : -1);
    }
  };

  el.addEventListener("pointerdown", onPointerDownReset, { capture: true });
  el.addEventListener("pointerdown", onPointerDown);
  el.addEventListener("pointermove", onPointerMove);
  el.addEventListener("pointerup", onPointerUp);
  el.addEventListener("pointercancel", onPointerCancel);
  el.addEventListener("click", onClick, { capture: true });
  el.addEventListener("wheel", onWheel, { passive: false });
  // Says the stage answers gestures now (tests wait for it instead of guessing when the effect ran).
  el.dataset.gestures = "ready";
  return () => {
    delete el.dataset.gestures;
    el.removeEventListener("pointerdown", onPointerDownReset, { capture: true });
    el.removeEventListener("pointerdown", onPointerDown);
    el.removeEventListener("pointermove", onPointerMove);
    el.removeEventListener("pointerup", onPointerUp);
    el.removeEventListener("pointercancel", onPointerCancel);
    el.removeEventListener("click", onClick, { capture: true });
    el.removeEventListener("wheel", onWheel);
  };
}
