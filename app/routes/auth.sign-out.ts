import { redirect } from "react-router";
import { getServices } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { flashCookie } from "~/lib/flash.server";
import { handleAction } from "~/lib/http/action.server";
import type { Route } from "./+types/auth.sign-out";

/**
 * Ends the session everywhere (the row is deleted) and goes home with 'You have been signed out.' (ADR 024:
 * always a redirect; a failure to end the session is the flash 'signOutFailed', not an error page).
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "accounts",
    handle: async (_values, { headers }) => {
      const { auth, origin } = getServices(args);
      try {
        const result = await auth.api.signOut({ headers: args.request.headers, returnHeaders: true });
        for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", flashCookie("signedOut", secureCookies(origin)));
      } catch {
        headers.append("Set-Cookie", flashCookie("signOutFailed", secureCookies(origin)));
      }
      throw redirect("/");
    },
  });

export function loader() {
  return redirect("/");
}
