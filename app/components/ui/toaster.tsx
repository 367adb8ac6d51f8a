import type { ExternalToast } from "sonner";

// Toasts use sonner, loaded on the first toast rather than with the page: the
// home page's first-load JavaScript budget (150 KB gzipped) has no room for it.

type Kind = "success" | "error" | "message" | "info";
export type ToastCall = [Kind, string, ExternalToast | undefined];

/** Toasts asked for before the Toaster (toaster-view.tsx) had sonner: replayed once it has. */
export const queue: ToastCall[] = [];
let deliver: ((call: ToastCall) => void) | null = null;
let mount: (() => void) | null = null;

/** The Toaster delivers toasts once sonner is loaded (null again when it unmounts). */
export const deliverWith = (fn: typeof deliver) => (deliver = fn);
/** The Toaster loads sonner when the first toast comes (null again when it unmounts). */
export const mountWith = (fn: typeof mount) => (mount = fn);

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
