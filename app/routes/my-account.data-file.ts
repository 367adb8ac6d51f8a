import { exportFile, getUser } from "~/features/accounts/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import type { Route } from "./+types/my-account.data-file";

// Personal data: never kept by a browser's or a shared cache.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET → one prepared copy of "Download my data" (ADR 187): JSON, or `?format=csv` the sessions. Only the member it
 * was made for, signed in, with the server's signature, within its 24 hours: signed out 401, anyone else or a changed
 * link 404, expired 410, each with a translated message.
 */
export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "my-account");
  const refuse = (status: number, key: string) =>
    Response.json({ error: t(key) }, { status, headers: { ...PRIVATE, "Content-Language": visitor.language } });
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv") return refuse(400, "dataExport.badFormat");
  const user = await getUser(args);
  if (!user) return refuse(401, "dataExport.signedOut");
  const { db, secret } = getServices(args);
  const file = await exportFile(db, secret, { id: args.params.id, userId: user.id, format, sig: url.searchParams.get("sig") });
  if ("refused" in file) return file.refused === "expired" ? refuse(410, "dataExport.expired") : refuse(404, "dataExport.notFound");
  const csv = format === "csv";
  return new Response(file.body, {
    headers: {
      ...PRIVATE,
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv ? "my-sessions.csv" : "my-data.json"}"`,
    },
  });
}
