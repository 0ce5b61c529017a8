-- Exchange API accounts (§3): a wallet row with sign_type 3 (name, remark, viewers in
-- wallet_members) plus this row with the exchange's facts. The API key, secret and passphrase are
-- sealed together under a per-record data key; the data key is sealed by EXCHANGE_SECRET_KEY
-- (master_key_id names which master key, for rotation). key_fingerprint is an HMAC of the
-- exchange and API key (never the key itself) so one key is added once across the platform.
create table exchange_accounts (
  wallet_id bigint primary key references wallets (id) on delete cascade,
  organization_id bigint not null references organizations (id) on delete cascade,
  exchange_id text not null,
  -- 1 observation (read-only), 2 trading, 3 custody (withdrawals), from the exchange's permission endpoint.
  api_key_type smallint not null check (api_key_type in (1, 2, 3)),
  -- §4 exchange status: 1 available, 2 unavailable, 3 paused, 4 online, 5 offline.
  status smallint not null default 1 check (status between 1 and 5),
  account_mode text not null default 'classic' check (account_mode in ('classic', 'unified')),
  ip_whitelist boolean not null default false,
  key_fingerprint text not null,
  api_key_hint text not null,
  master_key_id text not null,
  sealed_data_key text not null,
  sealed_credentials text not null,
  -- The last balances read (per account type) and when: reads refresh them when older than a few seconds.
  balances jsonb,
  balances_at timestamptz,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now()
);
create unique index exchange_accounts_key on exchange_accounts (key_fingerprint);
create index exchange_accounts_space on exchange_accounts (organization_id);

-- Passed connectivity checks (POST …/exchange/check), each good for one add of the same input
-- within a few minutes. Only hashes are kept: of the token handed out and of the checked input.
create table exchange_checks (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null unique,
  input_hash text not null,
  api_key_type smallint not null,
  account_mode text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index exchange_checks_expiry on exchange_checks (expires_at);
