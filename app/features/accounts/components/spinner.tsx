/** A small pending indicator for buttons (decorative: the button's text says what is happening). */
export function Spinner() {
  return <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" />;
}
