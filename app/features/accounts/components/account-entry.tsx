import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHeaderMenu } from "~/components/ui/use-header-menu";
import { useBrandMode } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";

const SignInDialog = lazy(() => import("./sign-in-dialog"));

/** What the header knows of a signed-in user: the username, else the local part of the address (the root loader sends no more). */
export interface HeaderUser {
  name: string;
  /** A moderator's menu leads to the desk. */
  moderator?: boolean;
}

/** Header entry point: 'Sign in' for visitors, the account menu for signed-in users. */
export function AccountEntry({ user }: { user: HeaderUser | null }) {
  return user ? <UserMenu user={user} /> : <SignInButton />;
}

function SignInButton() {
  const { t } = useT("accounts");
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const next = location.pathname + location.search;
  return (
    <>
      <Link
        to={`/auth/sign-in?next=${encodeURIComponent(next)}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="whitespace-nowrap rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-ink-950 hover:bg-ink-200"
      >
        {/* A phone's header has no room for 'Iniciar sesión' beside search and the menus: a shorter word there. */}
        <span className="sm:hidden">{t("signIn.openShort")}</span>
        <span className="hidden sm:inline">{t("signIn.open")}</span>
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <SignInDialog next={next} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useT("accounts");
  const adult = useBrandMode() === "adult";
  const { name } = user;
  const menu = useHeaderMenu();
  const item = "block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-ink-800";
  return (
    <details ref={menu} className="relative">
      <summary
        aria-label={t("menu.label", { name })}
        className="flex items-center gap-2 rounded-full border border-ink-700 px-2 py-1.5 text-sm font-semibold text-white hover:border-ink-600 lg:px-3"
      >
        {/* The avatar's initial is drawn by CSS and the short name is cut by CSS, so the visible text is the
            name alone and the menu's name "Account menu for <name>" contains it (WCAG 2.5.3, label in name). */}
        <span
          aria-hidden="true"
          data-initial={name.slice(0, 1)}
          className="flex h-5 w-5 items-center justify-center rounded-full bg-flame-600 text-[0.65rem] uppercase before:content-[attr(data-initial)]"
        />
        {/* Phones and tablets have room for the avatar only (a cut name reads as another one); the menu shows it whole. */}
        <span className="hidden max-w-[40ch] truncate lg:inline">{name}</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-56 max-w-[calc(100vw-1.5rem)] rounded-xl border border-ink-700 bg-ink-900 p-1 shadow-xl">
        <p data-testid="account-name" className="break-all px-3 py-2 text-xs text-ink-300">
          {name}
        </p>
        <Link to="/my-account" className={item}>
          {t("menu.myAccount")}
        </Link>
        {/* Liked videos is an adult page: it does not exist in Conscious Mode. */}
        {adult ? (
          <Link to="/liked-videos" className={item}>
            {t("menu.flamedClips")}
          </Link>
        ) : null}
        <Link to="/insights" className={item}>
          {t("menu.insights")}
        </Link>
        {user.moderator ? (
          <Link to="/admin" className={item}>
            {t("menu.desk")}
          </Link>
        ) : null}
        <form method="post" action="/auth/sign-out">
          <button type="submit" className={item}>
            {t("menu.signOut")}
          </button>
        </form>
      </div>
    </details>
  );
}
