import { normaliseEmail } from "./sign-in";

/** Update-email rules shared by the form (instant messages) and the action. */
export type ChangeEmailError = "emailRequired" | "emailInvalid";

/** docs/product.md §8.5: an empty address, or the current one, asks for a new e-mail. */
export function checkNewEmail(value: string, currentEmail: string): ChangeEmailError | null {
  const email = normaliseEmail(value);
  if (!email || email === normaliseEmail(currentEmail)) return "emailRequired";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return "emailInvalid";
  return null;
}
