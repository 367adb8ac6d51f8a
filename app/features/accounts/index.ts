// Accounts' public entry: the header's account menu.
export { AccountEntry } from "./components/account-entry";
