/**
 * Form records per client address and form in 10 minutes on the suite's server (`FORM_LIMIT_PER_IP`): every browser of
 * the suite is on 127.0.0.1, and the files that send a form share a server in whatever order the run gives. The limit
 * itself is tested over HTTP at its default (tests/integration/security-client-errors.test.ts).
 */
export const E2E_FORM_LIMIT = 1000;
