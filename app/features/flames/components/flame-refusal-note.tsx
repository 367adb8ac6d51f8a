import { Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { FlameRefusal } from "./flame-button";

/** Why a flame did not count, with the way forward (docs/product.md §7.1): read out at once, dismissable. */
export function FlameRefusalNote({ refusal, onDismiss, className }: { refusal: FlameRefusal; onDismiss: () => void; className?: string }) {
  const { t } = useT("feed");
  const location = useLocation();
  return (
    <div role="alert" className={className} data-testid="flame-refusal">
      <p>{refusal.message}</p>
      <p className="mt-1 flex items-center gap-3">
        {refusal.signIn ? (
          <Link
            to={`/auth/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`}
            className="font-semibold text-flame-300 underline underline-offset-4 hover:text-white"
          >
            {t("flames.signIn")}
          </Link>
        ) : null}
        <button type="button" onClick={onDismiss} className="text-ink-300 underline underline-offset-4 hover:text-white">
          {t("flames.dismiss")}
        </button>
      </p>
    </div>
  );
}
