import { useEffect, useState } from "react";
import { deliverWith, mountWith, queue, type ToastCall } from "./toaster";

// The toasts' view: it renders nothing until the first toast, so it hydrates after the page (root.tsx).

type Sonner = typeof import("sonner");

/** Toast defaults (docs/product.md §4.5): 4000 ms, 3 visible, 356 px wide (sonner's width), 14 px gap, at the top. */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    const load = () => {
      mountWith(null);
      void import("sonner").then(setSonner);
    };
    mountWith(load);
    if (queue.length) load();
    return () => void mountWith(null);
  }, []);

  useEffect(() => {
    if (!sonner) return;
    const deliver = ([kind, message, options]: ToastCall) => void sonner.toast[kind](message, options);
    deliverWith(deliver);
    // Let the Toaster mount before replaying what was queued.
    const timer = window.setTimeout(() => queue.splice(0).forEach(deliver), 0);
    return () => {
      window.clearTimeout(timer);
      deliverWith(null);
    };
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster: SonnerToaster } = sonner;
  // At the top, under the header and the feed's filter row: at the bottom a toast covered the player's tags, play, seek,
  // mute and 'Full Content' for its 4 s. On phones it leaves the feed's Previous/Next buttons (top right) free.
  return (
    <SonnerToaster
      theme="dark"
      position="top-center"
      offset={{ top: "calc(var(--header-h) + 4rem)" }}
      mobileOffset={{ top: "calc(var(--header-h) + 4rem)", left: "0.75rem", right: "4rem" }}
      duration={4000}
      visibleToasts={3}
      gap={14}
      richColors
      closeButton
    />
  );
}
