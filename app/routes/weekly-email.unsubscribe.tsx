import { data, Form, Link } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { readUnsubscribeToken, unsubscribeWeeklyMail } from "~/features/conscious/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput } from "~/lib/http/errors";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/weekly-email.unsubscribe";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["insights"] };

// The link is personal: no cache keeps the page or its answer.
const PRIVATE = { "Cache-Control": "private, no-store" };
type State = "confirm" | "done" | "invalid";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

async function page(args: { request: Request; context: Route.LoaderArgs["context"] }, state: State) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "insights");
  const body = {
    state,
    meta: {
      origin: getServices(args).origin,
      path: "/weekly-email/unsubscribe",
      title: `${t("unsubscribe.title")} · ${siteNameFor(t, visitor.brandMode)}`,
      description: t("unsubscribe.metaDescription"),
      siteName: siteNameFor(t, visitor.brandMode),
      noindex: true,
    },
  };
  return data(body, { status: state === "invalid" ? 400 : 200, headers: PRIVATE });
}

/** GET (the link in the e-mail's body): asks to confirm; a link scanner opening it unsubscribes nobody. */
export async function loader(args: Route.LoaderArgs) {
  return page(args, readUnsubscribeToken(getServices(args).secret, tokenOf(args.request)) ? "confirm" : "invalid");
}

/**
 * POST: the one-click unsubscribe of RFC 8058 (the mail client posts `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address) and the confirm button. The signed token is the only key: no sign-in is needed,
 * and a token the server did not sign is refused with 400.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "insights",
    handle: async (_input, tools) => {
      const { db, secret } = getServices(args);
      for (const [name, value] of Object.entries(PRIVATE)) tools.headers.set(name, value);
      if (!(await unsubscribeWeeklyMail(db, secret, tokenOf(args.request)))) throw new InvalidInput("unsubscribe.invalid");
      return { unsubscribed: true };
    },
  });

export const meta: Route.MetaFunction = ({ data: loaded }) => (loaded ? pageMeta(loaded.meta) : []);

export default function WeeklyEmailUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("insights");
  const state: State = actionData ? (actionData.ok ? "done" : "invalid") : loaderData.state;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-white">{t("unsubscribe.title")}</h1>
      <p role="status" className="text-ink-200" data-testid="unsubscribe-state" data-state={state}>
        {t(`unsubscribe.${state}`)}
      </p>
      {state === "confirm" ? (
        <Form method="post" replace>
          <button
            type="submit"
            className="rounded-full border border-calm-500/60 px-5 py-2 font-semibold text-calm-300 hover:bg-calm-500/10"
          >
            {t("unsubscribe.button")}
          </button>
        </Form>
      ) : (
        <Link to="/" className="self-start text-calm-300 underline">
          {t("unsubscribe.home")}
        </Link>
      )}
    </div>
  );
}
