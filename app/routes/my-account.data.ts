import { getUser, memberExport } from "~/features/accounts/index.server";
import { sessionsCsv } from "~/features/conscious/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import type { Route } from "./+types/my-account.data";

// Personal data: never kept by a browser's or a shared cache.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET → "Download my data" (docs/product.md §8.4): the member's data as JSON, or with `?format=csv` their Conscious
 * Mode sessions as CSV. In Conscious Mode the export holds nothing adult (data-export.server.ts). Signed out: 401
 * with a translated message; another format: 400.
 */
export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "my-account");
  const refuse = (status: number, key: string) =>
    Response.json({ error: t(key) }, { status, headers: { ...PRIVATE, "Content-Language": visitor.language } });
  const format = new URL(args.request.url).searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv") return refuse(400, "dataExport.badFormat");
  const user = await getUser(args);
  if (!user) return refuse(401, "dataExport.signedOut");
  const exported = await memberExport(getServices(args).db, user.id, visitor.brandMode);
  if (!exported) return refuse(401, "dataExport.signedOut");
  const csv = format === "csv";
  return new Response(csv ? sessionsCsv(exported.consciousMode.sessions) : JSON.stringify(exported, null, 2), {
    headers: {
      ...PRIVATE,
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv ? "my-sessions.csv" : "my-data.json"}"`,
    },
  });
}
