import { redirect } from "react-router";
import { AGE_VERIFIED_KEY } from "~/features/age-gate";
import { AUDIENCE_COOKIE, isAudience } from "~/lib/audience";
import { getServices } from "~/lib/context";
import { preferenceCookie, secureCookies } from "~/lib/cookies";
import { safeRedirectPath } from "~/lib/http/redirect";
import { isLanguage, LANGUAGE_COOKIE } from "~/lib/i18n/languages";
import { handleAction } from "~/lib/http/action.server";
import type { Route } from "./+types/preferences";

/** Language menu, audience menu and the age gate's no-JavaScript Confirm post here; always a redirect back (ADR 024). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "common",
    handle: async (values, { form, headers }) => {
      const secure = secureCookies(getServices(args).origin);
      const language = form.get("language");
      if (isLanguage(language)) headers.append("Set-Cookie", preferenceCookie(LANGUAGE_COOKIE, language, { secure }));
      const audience = form.get("audience");
      if (isAudience(audience)) headers.append("Set-Cookie", preferenceCookie(AUDIENCE_COOKIE, audience, { secure }));
      if (values.ageVerified === "true") headers.append("Set-Cookie", preferenceCookie(AGE_VERIFIED_KEY, "true", { secure }));
      throw redirect(safeRedirectPath(values.redirectTo));
    },
  });

export function loader() {
  return redirect("/");
}
