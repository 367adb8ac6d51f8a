/**
 * A two-factor code's label, input and refusal, as siblings so the form around them sets the spacing: the sign-in
 * challenge (a code from the app or a backup code) and My account's setup and turning off.
 */
export function CodeInput({
  id,
  label,
  error,
  kind = "app",
  autoFocus = false,
  className = "",
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** A code from the authenticator app (digits, filled in by the phone) or a backup code. */
  kind?: "app" | "backup";
  autoFocus?: boolean;
  className?: string;
}) {
  const app = kind === "app";
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-white">
        {label}
      </label>
      <input
        id={id}
        name="code"
        inputMode={app ? "numeric" : undefined}
        autoComplete={app ? "one-time-code" : "off"}
        required
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 font-mono tracking-widest text-white ${className}`.trim()}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}
