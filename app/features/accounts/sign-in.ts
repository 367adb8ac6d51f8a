/** Sign-in form rules shared by the dialog (instant messages) and the action (docs/product.md §8.1). */
export const USERNAME_MIN_LENGTH = 3;

export interface SignInInput {
  email: string;
  mode: "signin" | "signup";
  username: string;
}

export type SignInError = "emailRequired" | "emailInvalid" | "usernameShort";

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function checkSignIn(input: SignInInput): SignInError | null {
  const email = normaliseEmail(input.email);
  if (!email) return "emailRequired";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return "emailInvalid";
  const username = input.username.trim();
  if (input.mode === "signup" && username && username.length < USERNAME_MIN_LENGTH) return "usernameShort";
  return null;
}
