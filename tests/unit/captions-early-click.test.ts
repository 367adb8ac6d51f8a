import { beforeEach, describe, expect, it } from "vitest";
import { clickToActOn, earlyClick, isOwnEarlyClick, takeEarlyClick } from "~/features/clips/components/player/captions-wanted";

// The CC button's first press loads its code (ADR 205). That press reaches the hydrated button by one of two ways —
// its first render acting on the remembered click, or React handing it the click once it has hydrated the button at
// once — and sometimes by both: the press must turn captions on once, never on and off again.

const button = new EventTarget();
const isOwn = (target: EventTarget) => target === button;
/** What the page's capture listener records for a click (`clip`: the clip whose CC button it was on). */
const clickOn = (target: EventTarget, clip: string | null = null) => {
  const event = new Event("click");
  Object.assign(earlyClick, { target, event, clip });
  return event;
};

describe("the CC button's early press", () => {
  let toggles = 0;
  const render = () => takeEarlyClick(isOwn) && toggles++;
  const handle = (event: Event) => clickToActOn(event) && toggles++;
  beforeEach(() => {
    toggles = 0;
    Object.assign(earlyClick, { target: null, event: null, clip: null });
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

  /** A CC button React rendered anew inside the host of `clip` (null: in no host): what isOwnEarlyClick reads of it. */
  const renderedAnew = (clip: string | null) =>
    ({ contains: () => false, closest: () => (clip === null ? null : { dataset: { clipId: clip } }) }) as unknown as Element;
  const firstRender = (rendered: Element) => takeEarlyClick((target, clip) => isOwnEarlyClick(rendered, target, clip)) && toggles++;

  it("counts once when React rendered the button anew for the clip whose server button was pressed", () => {
    // The element pressed is gone from the page; the new button is in the same clip's host.
    clickOn(new EventTarget(), "clip-1");
    const rendered = renderedAnew("clip-1");
    firstRender(rendered);
    firstRender(rendered);
    expect(toggles).toBe(1);
  });

  it("counts a press on the server's button of a page without a clip host for the button rendered anew there", () => {
    clickOn(new EventTarget(), "");
    firstRender(renderedAnew(null));
    expect(toggles).toBe(1);
  });

  it("ignores an early press on another clip's CC button, or a click on no CC button", () => {
    clickOn(new EventTarget(), "clip-2");
    firstRender(renderedAnew("clip-1"));
    clickOn(new EventTarget(), null);
    firstRender(renderedAnew("clip-1"));
    expect(toggles).toBe(0);
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
