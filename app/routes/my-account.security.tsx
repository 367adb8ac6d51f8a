import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { ShellHandle } from "~/components/shell/site-header";
import { AccessRequiredBoundary, SessionsList, TwoFactorSection } from "~/features/accounts";
import {
  accessRequired,
  confirmSetup,
  currentSession,
  listSessions,
  mailSecurityNotice,
  pendingSetup,
  renewBackupCodes,
  requireUser,
  signOutOtherSessions,
  signOutSession,
  startSetup,
  turnOff,
  twoFactorStatus,
} from "~/features/accounts/index.server";
import { isModerator } from "~/features/moderation/index.server";
import { readCookie, secureCookies } from "~/lib/cookies";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { Forbidden, InvalidInput, NotFound } from "~/lib/http/errors";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/my-account.security";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["account-security", "accounts"] };

type Args = Route.LoaderArgs | Route.ActionArgs;

/**
 * Set for one page view after two-factor is switched on: the page then shows the backup codes once. Only a
 * flag: the codes stay encrypted in the database. The switch replaces the session, so the page is reached by
 * a redirect (the old session is gone before a form post's page could render).
 */
const SHOW_CODES_COOKIE = "show_backup_codes";
const showCodesCookie = (secure: boolean, maxAge: number) =>
  `${SHOW_CODES_COOKIE}=1; Path=/my-account/security; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The member and the session this request is signed in with. */
async function signedIn(args: Args) {
  const user = await requireUser(args);
  const current = await currentSession(getServices(args).auth, args.request.headers);
  // Signed out between the two reads: the same answer as signed out.
  if (!current || current.userId !== user.id) throw await accessRequired(args);
  return { user, current };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, current } = await signedIn(args);
  const visitor = getVisitor(args);
  const { db, origin } = getServices(args);
  const t = await serverT(visitor.language, "account-security");
  const site = siteNameFor(t, visitor.brandMode);
  const { auth } = getServices(args);
  const status = await twoFactorStatus(db, user.id);
  const showCodes = status === "on" && readCookie(args.request.headers.get("cookie"), SHOW_CODES_COOKIE) === "1";
  const headers = new Headers();
  if (showCodes) headers.append("Set-Cookie", showCodesCookie(secureCookies(origin), 0));
  return data(
    {
      sessions: await listSessions(db, user.id, current.id),
      twoFactor: {
        status,
        setup: status === "pending" ? await pendingSetup(auth, args.request.headers) : null,
        required: await isModerator(db, user.email),
        backupCodes: showCodes ? (await auth.api.viewBackupCodes({ body: { userId: user.id } })).backupCodes : null,
      },
      meta: {
        title: `${t("title")} · ${site}`,
        description: t("metaDescription"),
        origin,
        path: "/my-account/security",
        siteName: site,
        noindex: true,
      },
    },
    { headers },
  );
}

const schema = z.object({
  intent: intentField(
    ["signOutSession", "signOutOthers", "twoFactorStart", "twoFactorConfirm", "backupCodes", "twoFactorOff"],
    "errors.unknownAction",
  ),
  sessionId: z.string().default(""),
  code: z.string().default(""),
});

/** Each control mails the account's address once it has acted (docs/security.md). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "account-security",
    schema,
    handle: async ({ intent, sessionId, code }, { headers }) => {
      const { user, current } = await signedIn(args);
      const services = getServices(args);
      const visitor = getVisitor(args);
      const notify = (notice: Parameters<typeof mailSecurityNotice>[1]["notice"], values?: Record<string, string>) =>
        mailSecurityNotice(services.mailer, {
          to: user.email,
          notice,
          language: visitor.language,
          brandMode: visitor.brandMode,
          origin: services.origin,
          values,
        });
      const t = await serverT(visitor.language, "account-security");
      if (intent === "signOutSession") {
        if (sessionId === current.id) throw new InvalidInput("errors.currentSession");
        const ended = await signOutSession(services, { userId: user.id, sessionId, headers: args.request.headers });
        if (!ended) throw new NotFound("errors.noSuchSession");
        const name =
          ended.browser && ended.system ? t("sessions.browserOn", ended) : (ended.browser ?? ended.system ?? t("sessions.unknownBrowser"));
        await notify("sessionSignedOut", { name });
        return { intent, message: t("sessions.signedOut", { name }) };
      }
      if (intent === "signOutOthers") {
        if (await signOutOtherSessions(services, { userId: user.id, currentId: current.id, headers: args.request.headers }))
          await notify("otherSessionsSignedOut");
        return { intent, message: t("sessions.othersSignedOut") };
      }
      const secure = secureCookies(services.origin);
      const { auth } = services;
      const back = (cookies: string[]) => {
        for (const cookie of cookies) headers.append("Set-Cookie", cookie);
        return redirect("/my-account/security#two-factor", { headers });
      };
      if (intent === "twoFactorStart") {
        await startSetup(auth, args.request.headers);
        return { intent, message: t("twoFactor.started") };
      }
      if (intent === "twoFactorConfirm") {
        const { setCookies } = await confirmSetup(services, { headers: args.request.headers, userId: user.id, code });
        await notify("twoFactorEnabled");
        return back([...setCookies, showCodesCookie(secure, 300)]);
      }
      if (intent === "backupCodes") {
        const backupCodes = await renewBackupCodes(auth, args.request.headers);
        await notify("backupCodesRenewed");
        return { intent, message: t("twoFactor.renewed"), backupCodes };
      }
      if (intent === "twoFactorOff") {
        if (await isModerator(services.db, user.email)) throw new Forbidden("twoFactor.errors.requiredForDesk");
        const setCookies = await turnOff(auth, { headers: args.request.headers, code });
        await notify("twoFactorDisabled");
        return back(setCookies);
      }
      // The schema admits only the intents above.
      throw new InvalidInput("errors.unknownAction");
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account-security");
  const said = actionData ? (actionData.ok ? actionData.message : actionData.errors.form) : null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6">
      <p>
        <Link to="/my-account" className="text-sm text-ink-300 underline hover:text-white">
          {t("back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
      {said ? (
        <p role={actionData?.ok ? "status" : "alert"} className={`text-sm ${actionData?.ok ? "text-emerald-300" : "text-red-300"}`}>
          {said}
        </p>
      ) : null}
      <TwoFactorSection
        {...loaderData.twoFactor}
        backupCodes={actionData?.ok && "backupCodes" in actionData ? (actionData.backupCodes ?? null) : loaderData.twoFactor.backupCodes}
        errors={actionData && !actionData.ok ? actionData.errors : null}
        intent={actionData && !actionData.ok ? (actionData.values.intent ?? null) : null}
      />
      <SessionsList sessions={loaderData.sessions} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
