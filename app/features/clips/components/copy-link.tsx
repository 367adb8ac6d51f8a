import { useId } from "react";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/lib/i18n/react";

/** 'Link to this video': the canonical address, shown in full and copyable. */
export function CopyLink({ url }: { url: string }) {
  const { t } = useT("clip");
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("link.copied"));
    } catch {
      toast.error(t("link.failed"));
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink-200">
        {t("link.label")}
      </label>
      <div className="flex rounded-full border border-ink-700 bg-ink-900 focus-within:border-flame-400">
        <input
          id={id}
          type="url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 bg-transparent px-4 py-2 text-sm text-ink-200 outline-none"
        />
        <button
          type="button"
          onClick={copy}
          aria-label={t("link.copyLabel")}
          className="shrink-0 rounded-r-full border-l border-ink-700 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800 focus-visible:outline-offset-[-4px]"
        >
          {t("link.copy")}
        </button>
      </div>
    </div>
  );
}
