import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useT } from "~/lib/i18n/react";
import type { FeedOrder } from "../use-feed";
import { CLIP_MENU_ITEMS, type ClipMenuItemProps } from "./clip-menu-items";

const ORDERS: FeedOrder[] = ["for-you", "newest", "shuffle"];

/**
 * A feed clip's menu, loaded only when first opened: its items (clip-menu-items.tsx) and the feed's order
 * (For you / Newest / Shuffle, remembered per visitor). Escape closes it and gives focus back to its button; focus
 * moving on past it (Tab from its last control) closes it too, and is put back where it went. That is done here, in the
 * menu's own chunk: the button's side is in the home page's first load, which has no byte to spare (ADR 040).
 */
export default function ClipMenu({
  order,
  onOrder,
  ...props
}: ClipMenuItemProps & { order: FeedOrder | null; onOrder: (order: FeedOrder) => void }) {
  const { t } = useT("feed");
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(props.close);
  close.current = props.close;
  const [failed, setFailed] = useState(false);
  // Saved, the feed starts again in the new order: a new feed, with a new "More" button, which takes focus (this menu
  // and its button are gone with the old feed). A refusal is said, and the menu stays open on it.
  const choose = (value: FeedOrder) => {
    setFailed(false);
    void fetch("/api/feed-choice", { method: "POST", body: new URLSearchParams({ intent: "order", order: value }) })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        flushSync(() => onOrder(value));
        document.querySelector<HTMLElement>(".feed-rail .rail-more")?.focus();
      })
      .catch(() => setFailed(true));
  };
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("button, input")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close.current();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div
      ref={panel}
      id="clip-menu"
      className="clip-menu"
      role="dialog"
      aria-label={t("menu.label")}
      onBlur={(event) => {
        // Another control of the page took focus; the menu's own button toggles it itself.
        const to = event.relatedTarget;
        if (to instanceof HTMLElement && !panel.current?.contains(to) && to.getAttribute("aria-controls") !== "clip-menu") {
          close.current();
          to.focus();
        }
      }}
    >
      <ul>
        {CLIP_MENU_ITEMS.map(({ id, Item }) => (
          <Item key={id} {...props} />
        ))}
      </ul>
      {/*
       * Native radios, but an arrow key only moves focus among them: the browser's arrow would check the next one, and a
       * check saves the order and starts the feed again. Click, tap, Space or Enter chooses.
       */}
      <fieldset
        className="clip-menu-order"
        onKeyDown={(event) => {
          const radios = [...event.currentTarget.querySelectorAll("input")];
          const at = radios.indexOf(event.target as HTMLInputElement);
          const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
          if (at < 0 || (!step && event.key !== "Enter")) return;
          event.preventDefault();
          if (step) radios[(at + step + radios.length) % radios.length]!.focus();
          else radios[at]!.click();
        }}
      >
        <legend>{t("order.label")}</legend>
        {ORDERS.map((value) => (
          <label key={value}>
            <input type="radio" name="feed-order" value={value} checked={(order ?? "for-you") === value} onChange={() => choose(value)} />
            {t(`order.${value}`)}
          </label>
        ))}
        {failed ? (
          <p role="alert" className="text-xs text-amber-200">
            {t("order.failed")}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
