-- Signer addresses belong to a user; verified by signing a one-time challenge (status 0 → 1;
-- 2 = pending deletion while wallets still use it).
create table signer_addresses (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  family text not null check (family in ('EVM', 'BTC', 'TRX', 'SOL', 'XRP')),
  name text not null,
  address text not null,
  description text,
  source text not null default 'browser',
  public_key text,
  derivation_path text,
  status smallint not null default 0 check (status in (0, 1, 2)),
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create unique index signer_addresses_unique on signer_addresses (user_id, family, lower(address));
create index signer_addresses_address on signer_addresses (family, lower(address));

-- One-time messages to sign. Only a hash of the nonce is kept; the message text is returned once.
create table signature_challenges (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('signer_address', 'wallet_import')),
  subject_id bigint not null,
  address text not null,
  message text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index signature_challenges_subject on signature_challenges (purpose, subject_id, id desc);

-- Wallets. sign_type 1 multi, 2 single, 3 exchange. status per §4 (1 normal, 3 initializing,
-- 8 deploy pending, 10 archived, 11 awaiting address verification …).
create table wallets (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  chain_key text not null,
  sign_type smallint not null check (sign_type in (1, 2, 3)),
  name text not null,
  remark text,
  address text,
  status smallint not null,
  threshold smallint not null default 1,
  approval_threshold smallint not null default 0,
  broadcast_scope smallint not null default 3 check (broadcast_scope in (1, 2, 3, 4)),
  salt_nonce numeric(78, 0),
  deploy_tx_hash text,
  whitelist_on boolean not null default false,
  asset_tag_on boolean not null default false,
  payment_on boolean not null default false,
  dapp_on boolean not null default false,
  -- USD value of all balances, written by the balance refresh (the list reads one number per wallet).
  value_usd numeric(38, 8) not null default 0,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz
);
create index wallets_space on wallets (organization_id, id);
create unique index wallets_address_active on wallets (chain_key, lower(address)) where address is not null and status <> 10;
create index wallets_initializing on wallets (status) where status in (3, 8);

create table wallet_signers (
  wallet_id bigint not null references wallets (id) on delete cascade,
  signer_address_id bigint not null references signer_addresses (id),
  user_id bigint not null references users (id),
  address text not null,
  weight smallint not null default 1,
  primary key (wallet_id, signer_address_id)
);
create index wallet_signers_user on wallet_signers (user_id);
create index wallet_signers_signer on wallet_signers (signer_address_id);

-- Per-wallet roles of space members (§6): operator, approver, viewer, risk_control, broadcaster.
create table wallet_members (
  wallet_id bigint not null references wallets (id) on delete cascade,
  user_id bigint not null references users (id),
  role text not null check (role in ('operator', 'approver', 'viewer', 'risk_control', 'broadcaster')),
  primary key (wallet_id, user_id, role)
);
create index wallet_members_user on wallet_members (user_id, role);

create table wallet_tokens (
  id bigint generated always as identity primary key,
  wallet_id bigint not null references wallets (id) on delete cascade,
  contract text not null,
  symbol text not null,
  decimals smallint not null,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
create unique index wallet_tokens_unique on wallet_tokens (wallet_id, lower(contract));

-- Balances read from the chain (one Multicall3 batch per chain per refresh), in base units.
create table wallet_balances (
  wallet_id bigint not null references wallets (id) on delete cascade,
  token_key text not null,
  amount numeric(78, 0) not null,
  updated_at timestamptz not null default now(),
  primary key (wallet_id, token_key)
);

-- Tasks (§4): wallet creation (type 3) now; transfers extend this table later.
create table tasks (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  wallet_id bigint references wallets (id) on delete cascade,
  type smallint not null,
  status smallint not null,
  created_by bigint references users (id),
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tasks_space on tasks (organization_id, id desc);
create index tasks_wallet on tasks (wallet_id, id desc);
