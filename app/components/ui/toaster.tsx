import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";

// Toasts use sonner, loaded on the first toast rather than with the page: the
// home page's first-load JavaScript budget (150 KB gzipped) has no room for it.

type Kind = "success" | "error" | "message" | "info";
type ToastCall = [Kind, string, ExternalToast | undefined];
type Sonner = typeof import("sonner");

const queue: ToastCall[] = [];
let deliver: ((call: ToastCall) => void) | null = null;
let mount: (() => void) | null = null;

function push(call: ToastCall) {
  if (deliver) return deliver(call);
  queue.push(call);
  mount?.();
}

export const toast = {
  success: (message: string, options?: ExternalToast) => push(["success", message, options]),
  error: (message: string, options?: ExternalToast) => push(["error", message, options]),
  info: (message: string, options?: ExternalToast) => push(["info", message, options]),
  message: (message: string, options?: ExternalToast) => push(["message", message, options]),
};

/** Toast defaults (docs/product.md §4.5): 4000 ms, 3 visible, 356 px wide (sonner's width), 14 px gap. */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    mount = () => {
      mount = null;
      void import("sonner").then(setSonner);
    };
    if (queue.length) mount();
    return () => {
      mount = null;
    };
  }, []);

  useEffect(() => {
    if (!sonner) return;
    deliver = ([kind, message, options]) => {
      sonner.toast[kind](message, options);
    };
    // Let the Toaster mount before replaying what was queued.
    const timer = window.setTimeout(() => queue.splice(0).forEach((call) => deliver?.(call)), 0);
    return () => {
      window.clearTimeout(timer);
      deliver = null;
    };
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster: SonnerToaster } = sonner;
  return <SonnerToaster theme="dark" position="bottom-center" duration={4000} visibleToasts={3} gap={14} richColors closeButton />;
}
