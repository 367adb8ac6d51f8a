import { data, Link, redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import {
  AccountDeletionFailed,
  checkUsername,
  deleteAccount,
  exportStatus,
  mailSecurityNotice,
  requestExport,
  requestEmailChange,
  requireUser,
  setUsername,
  signOutCookies,
} from "~/features/accounts/index.server";
import {
  AccessRequiredBoundary,
  AccountDetails,
  ChangeEmailForm,
  DataExportSection,
  DeleteAccountDialog,
  UsernameForm,
} from "~/features/accounts";
import { readProfile } from "~/features/premium/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor, mediaAllowedFor, type Visitor } from "~/lib/context";
import { FollowingList, type FollowingListData } from "~/features/follows";
import { followingList, parseCursor, type Cursor } from "~/features/follows/index.server";
import type { Database } from "~/lib/database";
import { flashCookie } from "~/lib/flash.server";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput } from "~/lib/http/errors";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { settleSignals, WatchDataSection } from "~/features/signals";
import { FeedLearned } from "~/features/signals/index.page";
import { asksNoProfile, historyPaused, learnedProfile } from "~/features/signals/index.server";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { Route } from "./+types/my-account";
import { secureCookies } from "~/lib/cookies";

export const handle: ShellHandle & I18nHandle = {
  hideAudience: true,
  i18n: ["my-account", "accounts", "account-security", "follows", "history", "learned"],
};

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "my-account");
  const site = siteNameFor(t, visitor.brandMode);
  const { origin, db, secret } = getServices(args);
  return data(
    {
      dataExport: await exportStatus(db, secret, user.id),
      account: { id: user.id, email: user.email, createdAt: user.createdAt },
      noProfile: asksNoProfile(args.request),
      username: (await readProfile(db, user.id))?.username ?? null,
      // Creators and watched clips are adult data: Conscious Mode's account page offers neither.
      watchData: visitor.brandMode !== "conscious",
      historyPaused: visitor.brandMode !== "conscious" && (await historyPaused(db, { userId: user.id })),
      // What the feed learned names categories, tags and creators: adult data, not in Conscious Mode either.
      learned:
        visitor.brandMode === "conscious" ? null : await learnedProfile(db, { owner: { userId: user.id }, language: visitor.language }),
      following: visitor.brandMode === "conscious" ? null : await followingOf(db, { userId: user.id, visitor, request: args.request }),
      meta: {
        title: `${t("title")} · ${site}`,
        description: t("metaDescription"),
        origin,
        path: "/my-account",
        siteName: site,
        noindex: true,
      },
    },
    // The member's own data (history, what the feed learned): never stored by a shared cache.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this visit watched is sent before the page reads it, the clip on screen included (settleSignals). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await settleSignals();
  return serverLoader();
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** One page of the member's followed creators; a cursor this site did not write shows the first page. */
async function followingOf(db: Database, input: { userId: string; visitor: Visitor; request: Request }): Promise<FollowingListData> {
  let after: Cursor | null = null;
  try {
    after = parseCursor(new URL(input.request.url).searchParams.get("following"));
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
  }
  const page = await followingList(db, { userId: input.userId, after, mediaAllowed: mediaAllowedFor(input.visitor) });
  return { ...page, continued: after !== null };
}

const ACCOUNT_FORM = z.object({
  intent: intentField(["changeEmail", "requestExport", "changeUsername", "deleteAccount"], "errors.unknownAction"),
  newEmail: z.string().default(""),
  username: z.string().default(""),
});

/**
 * Four forms post here (ADR 024): `changeEmail`, `changeUsername` and `requestExport` (ADR 187) answer `{ ok: true, intent }` and
 * `deleteAccount` goes home with its flash toast; a refusal names the form in `values.intent`.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "my-account",
    schema: ACCOUNT_FORM,
    handle: async ({ intent, newEmail, username }, { headers }) => {
      const user = await requireUser(args);
      const services = getServices(args);
      if (intent === "changeEmail") {
        await requestEmailChange(services, { currentEmail: user.email, newEmail, headers: args.request.headers });
        return { intent };
      }
      if (intent === "requestExport") {
        await requestExport(services.db, user.id, getVisitor(args).brandMode);
        return { intent };
      }
      if (intent === "changeUsername") {
        await changeUsername(args, user, username.trim());
        return { intent };
      }
      await deleteAccount(services.db, user.id, { storage: services.storage, secret: services.secret }).catch((error: unknown) => {
        if (error instanceof AccountDeletionFailed)
          services.log.error({ err: error.cause, step: error.step, userId: user.id }, "account deletion failed; rolled back");
        throw error;
      });
      const secure = secureCookies(services.origin);
      for (const cookie of await signOutCookies(services.auth, args.request.headers, secure)) headers.append("Set-Cookie", cookie);
      headers.append("Set-Cookie", flashCookie("accountDeleted", secure));
      throw redirect("/");
    },
  });

/** Sets or clears the username; a change is mailed to the account's address, so someone else using it shows. */
async function changeUsername(args: Route.ActionArgs, user: { id: string; email: string }, username: string) {
  const problem = checkUsername(username);
  if (problem) throw new InvalidInput(`username.errors.${problem}`, undefined, "username");
  const services = getServices(args);
  const visitor = getVisitor(args);
  const { previous } = await setUsername(services.db, user.id, username || null);
  if ((previous ?? "") === username) return;
  await mailSecurityNotice(services.mailer, {
    to: user.email,
    notice: "usernameChanged",
    language: visitor.language,
    brandMode: visitor.brandMode,
    origin: services.origin,
    values: { username: username || "—" },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("my-account");
  const { t: tSecurity } = useT("account-security");
  const { account } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6">
      <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
      <AccountDetails account={account} />
      <UsernameForm
        key={loaderData.username ?? ""}
        current={loaderData.username}
        initial={intentOf(actionData) === "changeUsername" ? actionData : undefined}
      />
      <ChangeEmailForm
        key={account.email}
        currentEmail={account.email}
        initial={intentOf(actionData) === "changeEmail" ? actionData : undefined}
      />
      {loaderData.following ? <FollowingList data={loaderData.following} /> : null}
      {loaderData.watchData ? <WatchDataSection historyPaused={loaderData.historyPaused} /> : null}
      {loaderData.learned ? (
        <FeedLearned
          place="account"
          data={{ profile: loaderData.learned, paused: loaderData.historyPaused, noProfile: loaderData.noProfile, signedIn: true }}
        />
      ) : null}
      <DataExportSection everything={loaderData.watchData} status={loaderData.dataExport} />
      <section aria-labelledby="session" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
        <h2 id="session" className="mb-4 text-lg font-bold text-white">
          {t("signOut.heading")}
        </h2>
        <p className="mb-4">
          <Link to="/my-account/security" className="text-flame-300 underline hover:text-white">
            {tSecurity("link")}
          </Link>
        </p>
        {/* A plain POST: the sign-out route ends the session and goes home with its toast. */}
        <form method="post" action="/auth/sign-out">
          <button type="submit" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
            {t("signOut.button")}
          </button>
        </form>
      </section>
      <DeleteAccountDialog
        initial={actionData && !actionData.ok && actionData.values.intent === "deleteAccount" ? actionData : undefined}
      />
    </div>
  );
}

/** Which of the page's forms a reply answers (a refusal names it in the posted values). */
const intentOf = (reply: Route.ComponentProps["actionData"]) => (reply ? (reply.ok ? reply.intent : reply.values.intent) : undefined);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
