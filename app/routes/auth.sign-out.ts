import { redirect } from "react-router";
import { getServices } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import type { Route } from "./+types/auth.sign-out";
import { secureCookies } from "~/lib/cookies";

/** Ends the session everywhere (the row is deleted) and goes home with 'You have been signed out.'. */
export async function action(args: Route.ActionArgs) {
  const { auth, origin } = getServices(args);
  const headers = new Headers();
  try {
    const result = await auth.api.signOut({ headers: args.request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", flashCookie("signedOut", secureCookies(origin)));
  } catch {
    headers.append("Set-Cookie", flashCookie("signOutFailed", secureCookies(origin)));
  }
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
