// Accounts' public entry: the header's account menu, the sign-in form and the account pages' parts.
export { AccountEntry } from "./components/account-entry";
export { SignInForm } from "./components/sign-in-form";
export { AccessRequiredBoundary } from "./components/access-required";
export { SessionsList } from "./components/sessions-list";
export { TwoFactorSection } from "./components/two-factor-section";
export { CodeInput } from "./components/code-input";
export { AccountDetails } from "./components/account-details";
export { ChangeEmailForm } from "./components/change-email-form";
export { UsernameForm } from "./components/username-form";
export { DataExportSection } from "./components/data-export-section";
export { DeleteAccountDialog } from "./components/delete-account-dialog";
