-- Up Migration
-- E-mail verification (docs/security.md "Account recovery"): the link mailed to a new registration's
-- address, which confirms it or, opened by the address's owner, takes the unconfirmed account back. Stored
-- like the other mailed links: the SHA-256 of the token only, spent once, until its expiry.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_change', 'email_verification'));
