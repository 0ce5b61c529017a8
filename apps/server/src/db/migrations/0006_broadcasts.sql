-- Fee choice of a transfer, and the rejection transaction that cancels a signed Safe nonce.
alter table tasks add column fee_tier text;
alter table tasks add column max_fee_per_gas numeric(78, 0);
alter table tasks add column rejection_of bigint references tasks (id);
alter table tasks add column block_number bigint;

-- A rejection shares its original's nonce until one of the two executes.
drop index tasks_active_nonce;
create unique index tasks_active_nonce on tasks (wallet_id, safe_nonce) where type = 1 and rejection_of is null and status in (0, 3, 5, 6);
create unique index tasks_active_rejection on tasks (rejection_of) where rejection_of is not null and status in (0, 3, 5, 6);

-- The broadcast outbox: a signed transaction is stored (and its task moved to 6) BEFORE it is
-- sent, so a crash between sending and recording is repaired by looking the hash up on chain —
-- the same bytes are never sent twice once the node knows them. Each speed-up is one more row.
create table task_broadcasts (
  id bigint generated always as identity primary key,
  task_id bigint not null references tasks (id) on delete cascade,
  tx_hash text not null unique,
  from_address text not null,
  account_nonce bigint not null,
  max_fee_per_gas numeric(78, 0) not null,
  raw_tx text,
  -- 1 success, 2 pending, 3 replaced, 4 failed (§4 speed-up statuses plus failure).
  status smallint not null default 2,
  send_count integer not null default 0,
  sent_at timestamptz,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
create index task_broadcasts_task on task_broadcasts (task_id, id);
create index task_broadcasts_pending on task_broadcasts (status) where status = 2;

-- On-chain records of space wallets: deposits in (1) and executed transfers out (2).
create table transfer_records (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  wallet_id bigint not null references wallets (id) on delete cascade,
  chain_key text not null,
  direction smallint not null check (direction in (1, 2)),
  tx_hash text not null,
  log_index integer not null default -1,
  from_address text not null,
  to_address text not null,
  token_key text not null,
  symbol text not null,
  decimals smallint not null,
  amount numeric(78, 0) not null,
  block_number bigint not null,
  task_id bigint references tasks (id),
  created_at timestamptz not null default now()
);
create unique index transfer_records_unique on transfer_records (wallet_id, direction, tx_hash, log_index);
create index transfer_records_list on transfer_records (organization_id, id desc);

-- How far each chain watcher has read (the next block to scan).
create table chain_cursors (
  chain_key text not null,
  watcher text not null,
  next_block bigint not null,
  primary key (chain_key, watcher)
);

-- The to-do tab reads only open transfers: keep them in their own small index.
create index tasks_open on tasks (organization_id, id desc) where type = 1 and status in (0, 3, 5, 6);
-- Members see the transfers of their wallets: one range per wallet, newest first.
create index tasks_wallet_list on tasks (wallet_id, id desc);
