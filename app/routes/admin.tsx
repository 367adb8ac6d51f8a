import { Outlet, useLocation } from "react-router";
import { notFoundWithShell } from "~/shell.server";
import { DeskNav, DeskSearch, ShortcutsHelp } from "~/features/moderation";
import { requireModerator } from "~/features/moderation/index.server";
import type { I18nHandle } from "~/lib/i18n/react";
import type { Route } from "./+types/admin";

export const handle: I18nHandle = { i18n: ["admin"] };

/**
 * Non-moderators (and Conscious Mode) get the site's 404 before any desk loader runs. It runs before the
 * root loader too, so the 404 brings the shell's data: the page keeps its header and footer.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    try {
      await requireModerator(args);
    } catch (refusal) {
      if ((refusal as { init?: { status?: number } } | null)?.init?.status === 404) throw await notFoundWithShell(args);
      throw refusal;
    }
  },
];

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  return null;
}

export default function AdminLayout() {
  const location = useLocation();
  const q = location.pathname === "/admin/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <div className="space-y-3 border-b border-ink-800 pb-3">
        <DeskNav />
        <div className="flex flex-wrap items-center gap-2">
          {/* At least 16rem (or the whole row) for the box: on a phone the help wraps below rather than the box
              shrinking to its placeholder. */}
          <div className="min-w-[min(100%,16rem)] flex-1">
            <DeskSearch key={q} q={q} />
          </div>
          <ShortcutsHelp />
        </div>
      </div>
      <Outlet />
    </div>
  );
}
