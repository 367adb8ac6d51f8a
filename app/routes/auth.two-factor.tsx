import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { ShellHandle } from "~/components/shell/site-header";
import { CodeInput } from "~/features/accounts";
import { getUser, passChallenge } from "~/features/accounts/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { readCookie, secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import { ExpectedError } from "~/lib/http/errors";
import { safeRedirectPath } from "~/lib/http/redirect";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth.two-factor";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["account-security", "accounts"] };

type Args = Route.LoaderArgs | Route.ActionArgs;

/** Whether the browser holds the challenge Better Auth opened after the sign-in link (app/lib/auth.server.ts). */
function hasChallenge(args: Args): boolean {
  const name = `${secureCookies(getServices(args).origin) ? "__Secure-" : ""}spicy.two_factor`;
  return Boolean(readCookie(args.request.headers.get("cookie"), name));
}

/** Where to go once signed in: the sign-in link's own callback page, which goes on to where the visitor was. */
const nextOf = (request: Request) => safeRedirectPath(new URL(request.url).searchParams.get("next"), "/");

export async function loader(args: Route.LoaderArgs) {
  if (await getUser(args)) throw redirect(nextOf(args.request));
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "account-security");
  const site = siteNameFor(t, visitor.brandMode);
  return {
    open: hasChallenge(args),
    meta: {
      title: `${t("challenge.title")} · ${site}`,
      description: t("challenge.metaDescription"),
      origin: getServices(args).origin,
      path: "/auth/two-factor",
      siteName: site,
      noindex: true,
    },
  };
}

export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "account-security",
    schema: z.object({ kind: z.enum(["app", "backup"]).catch("app"), code: z.string().default("") }),
    handle: async ({ kind, code }, { headers }) => {
      if (!hasChallenge(args)) throw new ExpectedError(401, "twoFactor.errors.challengeOver");
      const cookies = await passChallenge(getServices(args).auth, { headers: args.request.headers, code, kind });
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      return redirect(nextOf(args.request), { headers });
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

const button = "rounded-full px-5 py-2.5 font-semibold text-white disabled:opacity-60";

/** One way through the challenge: the app's code (typed, the field focused) or a backup code, with its refusal. */
function CodeForm({
  kind,
  id,
  label,
  submit,
  error,
  busy,
  buttonClass,
  className = "",
}: {
  kind: "app" | "backup";
  id: string;
  label: string;
  submit: string;
  error: string | undefined;
  busy: boolean;
  buttonClass: string;
  className?: string;
}) {
  const app = kind === "app";
  return (
    <Form method="post" className={`${className} flex flex-col gap-3`.trim()}>
      <input type="hidden" name="kind" value={kind} />
      <CodeInput id={id} label={label} error={error} kind={kind} autoFocus={app} />
      <button type="submit" disabled={busy} className={`${button} ${buttonClass}`}>
        {submit}
      </button>
    </Form>
  );
}

/** The second step of signing in for a member with two-factor authentication: a code from the app, or a backup code. */
export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account-security");
  const busy = useNavigation().state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : null;
  const kind = refused?.values.kind === "backup" ? "backup" : "app";
  const error = refused ? (refused.errors.code ?? refused.errors.form) : undefined;
  if (!loaderData.open || refused?.reason === "twoFactor.errors.challengeOver")
    return (
      <section className="mx-auto flex max-w-md flex-col gap-4 py-16 text-center" aria-labelledby="challenge-title">
        <h1 id="challenge-title" className="text-2xl font-bold text-white">
          {t("challenge.title")}
        </h1>
        <p role="alert" className="text-ink-200">
          {refused ? error : t("challenge.expired")}
        </p>
        <Link to="/auth/sign-in" className={`${button} self-center bg-flame-600 hover:bg-flame-700`}>
          {t("challenge.signInAgain")}
        </Link>
      </section>
    );
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 py-12" aria-labelledby="challenge-title">
      <h1 id="challenge-title" className="text-2xl font-bold text-white">
        {t("challenge.title")}
      </h1>
      <p className="text-ink-200">{t("challenge.intro")}</p>
      <CodeForm
        kind="app"
        id="challenge-code"
        label={t("twoFactor.codeLabel")}
        submit={t("challenge.verify")}
        error={kind === "app" ? error : undefined}
        busy={busy}
        buttonClass="bg-flame-600 hover:bg-flame-700"
      />
      <details open={kind === "backup"} className="rounded-xl border border-ink-800 p-4">
        <summary className="cursor-pointer font-semibold text-white">{t("challenge.backupHeading")}</summary>
        <CodeForm
          kind="backup"
          id="backup-code"
          label={t("challenge.backupLabel")}
          submit={t("challenge.useBackup")}
          error={kind === "backup" ? error : undefined}
          busy={busy}
          buttonClass="border border-ink-600 hover:bg-ink-800"
          className="mt-3"
        />
      </details>
    </section>
  );
}
