-- Issue 22 (second-factor reset): removing a lost authenticator (password + e-mail code) waits
-- 48 hours, mailed to the account; the removal is completed by a later request after this time.
alter table users add column totp_reset_after timestamptz;
