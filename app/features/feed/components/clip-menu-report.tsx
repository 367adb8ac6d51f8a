import { Link } from "react-router";
import { claimHref, reportHref } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { ClipMenuItemProps } from "./clip-menu-items";

/** Report, the form opening with this clip's address filled in. */
export function ReportItem({ clip, close }: ClipMenuItemProps) {
  const { t } = useT("feed");
  return (
    <li>
      <Link to={reportHref(clip.slug)} onClick={close} className="clip-menu-item">
        {t("menu.report")}
      </Link>
    </li>
  );
}

/** Claim, the form opening with this clip's address filled in. */
export function ClaimItem({ clip, close }: ClipMenuItemProps) {
  const { t } = useT("feed");
  return (
    <li>
      <Link to={claimHref(clip.slug)} onClick={close} className="clip-menu-item">
        {t("menu.claim")}
      </Link>
    </li>
  );
}
