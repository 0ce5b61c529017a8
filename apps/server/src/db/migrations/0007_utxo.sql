-- Bitcoin-family (UTXO) multisig: signer keys, wallets described by output descriptors, PSBT
-- transfers, the outpoints each transfer spends, and replace-by-fee links.

-- A signer key is an extended public key (address = the xpub, canonical version) with its
-- master fingerprint and path (derivation_path), for one chain (xpub/tpub differ per network).
alter table signer_addresses add column fingerprint text;
alter table signer_addresses add column chain_key text;

-- The wallet's keys in descriptor order, its two descriptors and the next unused indexes.
alter table wallets add column utxo_keys jsonb;
alter table wallets add column descriptor_receive text;
alter table wallets add column descriptor_change text;
alter table wallets add column next_receive_index integer not null default 0;
alter table wallets add column next_change_index integer not null default 0;

-- A UTXO transfer: the PSBT as signed so far (partial signatures verified before they are kept),
-- its fee, rate and size, and the task it replaces (a BIP-125 speed-up is a new task).
alter table tasks add column psbt text;
alter table tasks add column fee_sat numeric(78, 0);
alter table tasks add column fee_rate numeric(20, 3);
alter table tasks add column vsize integer;
alter table tasks add column replaces bigint references tasks (id);
alter table tasks add column block_hash text;
create unique index tasks_active_replacement on tasks (replaces) where replaces is not null and status in (0, 3, 5);

-- Outpoints a transfer spends. They are locked while the task is active (0, 3, 5, 6); the check
-- runs under the wallet's advisory lock when a transfer is created.
create table task_utxos (
  task_id bigint not null references tasks (id) on delete cascade,
  wallet_id bigint not null references wallets (id) on delete cascade,
  outpoint text not null,
  value numeric(78, 0) not null,
  branch smallint not null,
  address_index integer not null,
  primary key (task_id, outpoint)
);
create index task_utxos_wallet on task_utxos (wallet_id, outpoint);
