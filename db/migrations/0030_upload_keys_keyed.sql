-- Upload-quota rows were keyed by a plain SHA-256 of the client address (64 hex characters), reversible by hashing every
-- IPv4 address (ADR 094). They cannot be re-keyed without the address, so they go: each address starts a fresh day's
-- upload allowance once. Keyed rows (HMAC, 43 base64url characters) stay.
DELETE FROM "request_limits" WHERE "key" ~ '^[0-9a-f]{64}$';
