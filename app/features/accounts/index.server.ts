// Accounts' server entry: who is signed in.
export { getUser, requireUser, type SessionUser } from "./session.server";
