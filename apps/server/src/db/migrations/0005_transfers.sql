-- Whitelist address book of a space (§3 Address book entry).
create table address_book (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  family text not null default 'EVM',
  name text not null,
  address text not null,
  memo text,
  description text,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
create unique index address_book_unique on address_book (organization_id, family, lower(address));

-- Transfer tasks extend tasks (type 1 transfer). The Safe transaction is stored exactly as it
-- will be signed; its EIP-712 hash is recomputed from it before any signature is counted.
alter table tasks add column chain_key text;
alter table tasks add column safe_nonce numeric(78, 0);
alter table tasks add column safe_tx jsonb;
alter table tasks add column safe_tx_hash text;
alter table tasks add column token_key text;
alter table tasks add column symbol text;
alter table tasks add column decimals smallint;
alter table tasks add column amount numeric(78, 0);
alter table tasks add column to_address text;
alter table tasks add column remark text;
alter table tasks add column approval_threshold smallint;
alter table tasks add column signing_threshold smallint;
alter table tasks add column exec_tx_hash text;
alter table tasks add column failure_reason text;
alter table tasks add column revoked_by bigint references users (id);
create unique index tasks_active_nonce on tasks (wallet_id, safe_nonce) where type = 1 and status in (0, 3, 5, 6);
create index tasks_transfer_list on tasks (organization_id, type, id desc);

create table task_approvals (
  task_id bigint not null references tasks (id) on delete cascade,
  user_id bigint not null references users (id),
  result smallint not null check (result in (1, 2)),
  comment text,
  created_at timestamptz not null default now(),
  primary key (task_id, user_id)
);

create table task_signatures (
  task_id bigint not null references tasks (id) on delete cascade,
  signer text not null,
  user_id bigint references users (id),
  kind text not null,
  signature text not null,
  created_at timestamptz not null default now(),
  primary key (task_id, signer)
);
