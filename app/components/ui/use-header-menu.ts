import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const OPENED = "header-menu-opened";

/**
 * For a `<details>` menu of the header: it closes on navigation, on Escape, on a click outside it and when
 * another header menu opens; focus inside it goes back to its button (the `<summary>`), so keyboard and
 * screen-reader users are not left on a node that disappeared. Without JavaScript the menu still opens and
 * closes as a plain disclosure.
 */
export function useHeaderMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();

  const close = (returnFocus: boolean) => {
    const el = ref.current;
    if (!el?.open) return;
    const focusWasInside = el.contains(document.activeElement);
    el.open = false;
    if (returnFocus || focusWasInside) el.querySelector("summary")?.focus();
  };

  // A new location: the entry chosen took the visitor there, or the page moved on by itself.
  useEffect(() => close(false), [key]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onToggle = () => {
      if (el.open) document.dispatchEvent(new CustomEvent(OPENED, { detail: el }));
    };
    const onOtherOpened = (event: Event) => {
      if ((event as CustomEvent).detail !== el && el.open) el.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && el.open) close(true);
    };
    const onClick = (event: MouseEvent) => {
      if (el.open && !el.contains(event.target as Node)) el.open = false;
    };
    el.addEventListener("toggle", onToggle);
    document.addEventListener(OPENED, onOtherOpened);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      el.removeEventListener("toggle", onToggle);
      document.removeEventListener(OPENED, onOtherOpened);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return ref;
}
