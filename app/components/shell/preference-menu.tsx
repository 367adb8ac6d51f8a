import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useHeaderMenu } from "../ui/use-header-menu";

interface Option {
  value: string;
  label: string;
}

/**
 * A disclosure menu whose options are submit buttons of a plain form, so it
 * works without JavaScript; the server sets the cookie and redirects back.
 */
export function PreferenceMenu(props: {
  name: "language" | "audience";
  label: string;
  current: string;
  options: Option[];
  icon: ReactNode;
}) {
  const location = useLocation();
  const details = useHeaderMenu();
  const currentLabel = props.options.find((o) => o.value === props.current)?.label ?? props.current;
  const redirectTo = location.pathname + stripLangParam(location.search);

  return (
    <details ref={details} className="relative">
      <summary className="flex items-center gap-1 rounded-full border border-ink-700 px-2 py-1.5 text-sm text-ink-200 hover:border-ink-600 hover:text-white sm:gap-1.5 sm:px-3">
        {props.icon}
        {/* The name is built from what is shown ("Language: English", or "Language: EN" on
            narrow screens), so the visible text is always part of it (WCAG 2.5.3). */}
        <span className="sr-only">{props.label}: </span>
        <span className="hidden sm:inline">{currentLabel}</span>
        <span className="uppercase sm:hidden">{props.current.slice(0, 3)}</span>
      </summary>
      <form
        method="post"
        action="/preferences"
        className="absolute right-0 z-30 mt-2 min-w-36 rounded-xl border border-ink-700 bg-ink-900 p-1 shadow-xl"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="sr-only">{props.label}</legend>
          {props.options.map((option) => (
            <button
              key={option.value}
              type="submit"
              name={props.name}
              value={option.value}
              aria-pressed={option.value === props.current}
              className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-ink-800 aria-pressed:font-semibold aria-pressed:text-white"
            >
              {option.label}
              {option.value === props.current ? <span aria-hidden="true">✓</span> : null}
            </button>
          ))}
        </fieldset>
      </form>
    </details>
  );
}

function stripLangParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  params.delete("mode");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
