import { getUser } from "~/features/accounts/index.server";
import { followsExport } from "~/features/follows/index.server";
import { watchDataExport } from "~/features/signals/index.server";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/my-account.watch-data";

/** GET → the member's watch signals and follows as a JSON download (docs/product.md §5.9, §6.6); 401 signed out. Never cached. */
export async function loader(args: Route.LoaderArgs) {
  const user = await getUser(args);
  if (!user) return new Response(null, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  const { db } = getServices(args);
  const [signals, following] = await Promise.all([watchDataExport(db, user.id), followsExport(db, user.id)]);
  const body = JSON.stringify({ exportedAt: new Date().toISOString(), ...signals, following }, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="watch-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
