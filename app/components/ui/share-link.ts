import { toast } from "./toaster";

/** Web Share API where there is one, else the URL goes to the clipboard with a toast (docs/product.md §6.1). */
export async function shareLink(options: { title: string; url: string; onShared?: () => void; copied: string; failed: string }) {
  const { title, url, onShared } = options;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      onShared?.();
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    onShared?.();
    toast.success(options.copied);
  } catch {
    toast.error(options.failed);
  }
}
