-- Issue 22 (audit chain): keyed hashes over every column and signed checkpoints of each chain's head.
-- Rows already written keep hash_version 1 (unkeyed sha256 without location); at the next boot
-- the server checks each such chain with the old algorithm and, when it holds, rehashes it with
-- AUDIT_HMAC_KEY (hash_version 2) and signs its checkpoint (modules/audit/audit-upgrade.ts).
-- SQL cannot do it here: the key is deliberately not in the database.
-- The default stays 1: a row written by a server still running the old code is upgraded later;
-- the new code always writes 2 explicitly.
alter table audit_log add column hash_version smallint not null default 1;
create index audit_log_legacy on audit_log (id) where hash_version = 1;

create table audit_checkpoints (
  -- 'space <organization id>' or 'account <user id | anonymous>'
  chain text primary key,
  head_id bigint not null,
  head_seq bigint not null,
  head_hash text not null,
  signed_at text not null,
  -- HMAC-SHA256 under AUDIT_HMAC_KEY of (chain, head_id, head_seq, head_hash, signed_at)
  signature text not null
);
