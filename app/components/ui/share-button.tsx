import { useT } from "~/lib/i18n/react";
import { toast } from "./toaster";

/** Web Share API where there is one, else the URL goes to the clipboard with a toast (SPEC 8). */
export function ShareButton({ title, url, className }: { title: string; url: string; className?: string }) {
  const { t } = useT();
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("share.copied"));
    } catch {
      toast.error(t("share.failed"));
    }
  }
  return (
    <button
      type="button"
      onClick={share}
      className={
        className ?? "inline-flex items-center gap-2 rounded-full border border-ink-600 px-4 py-2 font-semibold text-white hover:bg-ink-800"
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {t("share.label")}
    </button>
  );
}
