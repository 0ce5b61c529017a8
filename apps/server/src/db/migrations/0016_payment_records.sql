-- Payment records (§3): what a space's payment (fee-sponsoring) address paid. Type 3 rows are
-- consumption: a transaction the platform's fee payer signed and sent for the space (a Solana
-- wallet's creation, a Squads approval, an execution). Fee and volume are read from the landed
-- transaction (null while pending); deposits (1) and refunds (2) come with the payments issue.
create table payment_records (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  type smallint not null,
  status smallint not null,
  purpose text not null,
  chain_key text not null,
  hash text not null,
  sender text not null,
  receiver text,
  volume numeric(78, 0),
  fee numeric(78, 0),
  wallet_id bigint references wallets (id) on delete set null,
  task_id bigint references tasks (id) on delete set null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (chain_key, hash, type)
);
create index payment_records_space on payment_records (organization_id, created_at desc);
create index payment_records_pending on payment_records (status) where status = 3;
