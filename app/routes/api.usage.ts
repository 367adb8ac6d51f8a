import { data } from "react-router";
import { getUser } from "~/features/accounts/session.server";
import { latestUsage, parseUsage, saveUsage } from "~/features/habits/usage.server";
import { getServices, getVisitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { takeRateLimit } from "~/lib/rate-limit.server";
import type { Route } from "./+types/api.usage";

// A visitor who reloads and resets a lot still stays well under this.
const LIMIT = { window: 600, max: 120 };

/**
 * POST seconds, startedAt (ISO), emotionId (optional) and categories
 * (optional JSON: category slug → seconds): stores one timer session with its
 * time per category. Sent with navigator.sendBeacon, so anonymous visitors get
 * a quiet 204 and nothing is stored (docs/product.md §11.3, ADR 061).
 */
export async function action(args: Route.ActionArgs) {
  const user = await getUser(args);
  if (!user) return new Response(null, { status: 204 });
  const { db, log } = getServices(args);
  const t = await serverT(getVisitor(args).language, "habits");
  if (!(await takeRateLimit(getServices(args), `usage:${user.id}`, LIMIT)))
    return data({ error: t("errors.rateLimited") }, { status: 429 });

  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    return data({ error: t("errors.seconds") }, { status: 400 });
  }
  const parsed = parseUsage(form);
  if (!parsed.ok) return data({ error: t(`errors.${parsed.error}`) }, { status: 400 });
  const saved = await saveUsage(db, user.id, parsed.value);
  if (!saved.ok) return data({ error: t(`errors.${saved.error}`) }, { status: 400 });
  log.debug({ userId: user.id, seconds: parsed.value.seconds }, "usage session saved");
  return data({ id: saved.id }, { status: 201 });
}

/** GET: the signed-in user's 10 latest sessions (401 when signed out). */
export async function loader(args: Route.LoaderArgs) {
  const user = await getUser(args);
  if (!user) {
    const t = await serverT(getVisitor(args).language, "habits");
    return data({ error: t("errors.signedOut") }, { status: 401 });
  }
  return { sessions: await latestUsage(getServices(args).db, user.id) };
}
