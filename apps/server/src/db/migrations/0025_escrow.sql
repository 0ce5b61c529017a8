-- Exchange risk control and the platform API ("escrow", issue 17). A team's trading bot sends its
-- orders to the platform, signed with a platform API key; each is checked against the exchange
-- account's risk-control strategy and only then placed with the account's own exchange key.

-- The account's strategy (§3 risk-control rule): tactic 1 whitelists pairs, 2 coins; §4 status
-- 1 effective, 2 failed, 3 setting. One row per account once a strategy is saved.
create table risk_strategies (
  wallet_id bigint primary key references exchange_accounts (wallet_id) on delete cascade,
  organization_id bigint not null references organizations (id) on delete cascade,
  tactic_type smallint not null check (tactic_type in (1, 2)),
  status smallint not null default 1 check (status in (1, 2, 3)),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);

-- One rule per trade category (§3: whitelisted pairs or coins, per-order maxima, buy/sell limits
-- in coin and USDT, borrow limit, contract leverage). A null limit is no limit; numeric keeps
-- the exact decimals the risk-control user typed.
create table risk_rules (
  wallet_id bigint not null references risk_strategies (wallet_id) on delete cascade,
  trade_category smallint not null,
  symbols jsonb not null default '[]'::jsonb,
  max_order_amount numeric,
  max_order_usdt numeric,
  buy_limit numeric,
  sell_limit numeric,
  buy_limit_usdt numeric,
  sell_limit_usdt numeric,
  borrow_limit numeric,
  contract_lever integer,
  primary key (wallet_id, trade_category)
);

-- Platform API keys (§3; at most 1 per exchange wallet, §9). The secret is sealed like the
-- exchange credentials (a data key under EXCHANGE_SECRET_KEY): the server needs it to check each
-- request's HMAC, so it cannot be a one-way hash. §4 status 1 started, 2 paused.
create table platform_api_keys (
  id bigint generated always as identity primary key,
  wallet_id bigint not null references exchange_accounts (wallet_id) on delete cascade,
  organization_id bigint not null references organizations (id) on delete cascade,
  api_key text not null unique,
  description text not null,
  status smallint not null default 1 check (status in (1, 2)),
  master_key_id text not null,
  sealed_data_key text not null,
  sealed_secret text not null,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index platform_api_keys_wallet on platform_api_keys (wallet_id);

-- The escrow settings of an account: the bots' IP whitelist and the timestamp window (admins),
-- and the rolling window of the rules' buy/sell limits (risk-control users).
create table escrow_settings (
  wallet_id bigint primary key references exchange_accounts (wallet_id) on delete cascade,
  ip_whitelist jsonb not null default '[]'::jsonb,
  timestamp_window_seconds integer not null default 30 check (timestamp_window_seconds between 5 and 60),
  limit_window_hours integer not null default 24 check (limit_window_hours between 1 and 720),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);

-- Nonces seen within the timestamp window: a replayed request finds its nonce here. Rows older
-- than the largest window are deleted as new ones arrive.
create table platform_api_nonces (
  api_key_id bigint not null references platform_api_keys (id) on delete cascade,
  nonce text not null,
  seen_at timestamptz not null default now(),
  primary key (api_key_id, nonce)
);
create index platform_api_nonces_seen on platform_api_nonces (seen_at);

-- The escrow audit log: every order a bot sent and what was decided. 'pending' holds an order's
-- place in the buy/sell limits while the exchange is asked, so two concurrent orders cannot both
-- pass a limit they exceed together.
create table escrow_orders (
  id bigint generated always as identity primary key,
  wallet_id bigint not null references exchange_accounts (wallet_id) on delete cascade,
  organization_id bigint not null references organizations (id) on delete cascade,
  api_key_id bigint references platform_api_keys (id) on delete set null,
  api_key text,
  ip text,
  symbol text,
  side text,
  order_type text,
  trade_category smallint,
  amount numeric,
  price numeric,
  notional_usdt numeric,
  decision text not null check (decision in ('pending', 'accepted', 'refused', 'failed')),
  code text,
  rule jsonb,
  exchange_order_id text,
  created_at timestamptz not null default now()
);
create index escrow_orders_wallet on escrow_orders (wallet_id, created_at desc);
create index escrow_orders_space on escrow_orders (organization_id, created_at desc);
