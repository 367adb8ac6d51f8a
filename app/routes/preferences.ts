import { redirect } from "react-router";
import { AGE_VERIFIED_KEY } from "~/features/age-gate/age-assurance";
import { AUDIENCE_COOKIE, isAudience } from "~/lib/audience";
import { getServices } from "~/lib/context";
import { preferenceCookie } from "~/lib/cookies";
import { safeRedirectPath } from "~/lib/http/redirect";
import { isLanguage, LANGUAGE_COOKIE } from "~/lib/i18n/languages";
import { readForm } from "~/lib/http/form";
import type { Route } from "./+types/preferences";

/** Language menu, audience menu and the age gate's no-JavaScript Confirm post here. */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const secure = getServices(args).origin.startsWith("https:");
  const headers = new Headers();

  const language = form.get("language");
  if (isLanguage(language)) headers.append("Set-Cookie", preferenceCookie(LANGUAGE_COOKIE, language, { secure }));
  const audience = form.get("audience");
  if (isAudience(audience)) headers.append("Set-Cookie", preferenceCookie(AUDIENCE_COOKIE, audience, { secure }));
  if (form.get("ageVerified") === "true") headers.append("Set-Cookie", preferenceCookie(AGE_VERIFIED_KEY, "true", { secure }));

  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/");
}
