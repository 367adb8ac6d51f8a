import { beforeEach, describe, expect, it } from "vitest";
import { clickToActOn, earlyClick, takeEarlyClick } from "~/features/clips/components/player/captions-wanted";

// The CC button's first press loads its code (ADR 205). That press reaches the hydrated button by one of two ways —
// its first render acting on the remembered click, or React handing it the click once it has hydrated the button at
// once — and sometimes by both: the press must turn captions on once, never on and off again.

const button = new EventTarget();
const isOwn = (target: EventTarget) => target === button;
/** What the page's capture listener records for a click. */
const clickOn = (target: EventTarget) => {
  const event = new Event("click");
  Object.assign(earlyClick, { target, event });
  return event;
};

describe("the CC button's early press", () => {
  let toggles = 0;
  const render = () => takeEarlyClick(isOwn) && toggles++;
  const handle = (event: Event) => clickToActOn(event) && toggles++;
  beforeEach(() => {
    toggles = 0;
    Object.assign(earlyClick, { target: null, event: null });
  });

  it("counts once when the first render acts on it and React then hands the same click to the button", () => {
    const press = clickOn(button);
    render();
    handle(press);
    expect(toggles).toBe(1);
  });

  it("counts once when React hands the click to the button before its first render's effect", () => {
    const press = clickOn(button);
    handle(press);
    render();
    expect(toggles).toBe(1);
  });

  it("counts once when only the first render sees it (React dropped it)", () => {
    clickOn(button);
    render();
    expect(toggles).toBe(1);
  });

  it("ignores an early click elsewhere, and counts every later press", () => {
    clickOn(new EventTarget());
    render();
    expect(toggles).toBe(0);
    handle(clickOn(button));
    handle(clickOn(button));
    expect(toggles).toBe(2);
  });
});
