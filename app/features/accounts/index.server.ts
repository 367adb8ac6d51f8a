// Accounts' server entry: who is signed in.
export { accessRequired, getUser, requireUser, type SessionUser } from "./session.server";
export { confirmSignInLink, pendingSignInAddress, requestMagicLink } from "./sign-in.server";
export { confirmSetup, passChallenge, pendingSetup, renewBackupCodes, startSetup, turnOff, twoFactorStatus } from "./two-factor.server";
export { memberExport } from "./data-export.server";
export { exportFile, exportJobs, exportStatus, requestExport, scheduleExportSweep } from "./export-job.server";
export { mailSecurityNotice } from "./security-mail.server";
export { currentSession, listSessions, signOutOtherSessions, signOutSession } from "./sessions.server";
export { AccountDeletionFailed, deleteAccount, requestEmailChange, signOutCookies } from "./account.server";
export { setUsername } from "./profiles.server";
export { hasSessionCookie } from "./session-cache.server";
export { accountHooks } from "./after-sign-in.server";
export { accountMail } from "./emails.server";
export { checkUsername } from "./username";
