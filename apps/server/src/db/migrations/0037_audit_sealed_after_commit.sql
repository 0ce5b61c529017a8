-- Issue 21: a command appends its audit row unsealed (no seq, link or hash) in its own
-- transaction, with no lock, carrying an entry MAC under AUDIT_HMAC_KEY (hash_version 3); the
-- audit sealer (modules/audit/audit-sealer.ts) checks that MAC and links and hashes committed rows
-- in batches, under the chain's checkpoint lock. Before, every command held its space's chain lock
-- from its audit row to its commit, and spent two statements on it.
alter table audit_log
  alter column seq drop not null,
  alter column prev_hash drop not null,
  alter column hash drop not null,
  add column entry_mac text;
-- Each entry MAC carries a nonce: a copy of a row cannot be inserted to be sealed twice.
create unique index audit_log_entry_mac on audit_log (entry_mac);
-- The rows waiting for the sealer: few, found without reading the log.
create index audit_log_unsealed on audit_log (organization_id, user_id, id)
  where seq is null and hash_version = 3;
-- A chain's newest sealed row by position (ids follow insert order, seq follows sealing order):
-- a space's chain, and a user's account chain.
create index audit_log_space_seq on audit_log (organization_id, seq desc) where seq is not null;
create index audit_log_account_seq on audit_log (user_id, seq desc)
  where organization_id is null and seq is not null;
