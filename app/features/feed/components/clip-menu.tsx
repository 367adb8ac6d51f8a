import { useEffect, useRef } from "react";
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
      <fieldset className="clip-menu-order">
        <legend>{t("order.label")}</legend>
        {ORDERS.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="feed-order"
              value={value}
              checked={(order ?? "for-you") === value}
              onChange={() => {
                void fetch("/api/feed-choice", { method: "POST", body: new URLSearchParams({ intent: "order", order: value }) }).then(
                  (response) => response.ok && onOrder(value),
                );
              }}
            />
            {t(`order.${value}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
