import { data } from "react-router";
import { InvalidClipId, setFlame } from "~/features/flames/flames.server";
import { getUser } from "~/features/accounts/session.server";
import { resolveLiker } from "~/features/flames/liker.server";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { readForm } from "~/lib/http/form";
import type { Route } from "./+types/api.flames";

/** POST clipId, flamed=true|false → { flamed, flames }. */
export async function action(args: Route.ActionArgs) {
  const { db, origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "discovery");
  const form = await readForm(args.request);
  const clipId = String(form.get("clipId") ?? "");
  const flamed = form.get("flamed") === "true";

  const userId = (await getUser(args))?.id ?? null;
  const { liker, setCookie } = resolveLiker(args.request, { userId, create: true, secure: origin.startsWith("https:") });
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  try {
    const result = await setFlame(db, { clipId, liker: liker!, flamed });
    if (!result) return data({ error: t("flames.notFound") }, { status: 404, headers });
    return data(result, { headers });
  } catch (error) {
    if (error instanceof InvalidClipId) return data({ error: t("flames.invalidId") }, { status: 400, headers });
    throw error;
  }
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
