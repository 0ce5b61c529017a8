-- Asset analysis (§2 asset home and analysis). A wallet's per-token balance and USD value are kept
-- once per day (the day's last reading), so a trend never replays the chain.
create table asset_snapshots (
  organization_id bigint not null references organizations (id) on delete cascade,
  wallet_id bigint not null references wallets (id) on delete cascade,
  day date not null,
  token_key text not null,
  symbol text not null,
  decimals smallint not null,
  amount numeric(78, 0) not null,
  usd_price numeric(38, 18),
  usd_value numeric(38, 8) not null,
  taken_at timestamptz not null default now(),
  primary key (wallet_id, day, token_key)
);

-- Each wallet's value per day (its tokens summed) and the space's (its wallets summed), so a 1Y
-- trend reads 365 rows per wallet a member sees, or 365 for an admin, not every token's rows.
create table wallet_asset_days (
  organization_id bigint not null references organizations (id) on delete cascade,
  wallet_id bigint not null references wallets (id) on delete cascade,
  day date not null,
  usd_value numeric(38, 8) not null,
  primary key (wallet_id, day)
);
create table space_asset_days (
  organization_id bigint not null references organizations (id) on delete cascade,
  day date not null,
  usd_value numeric(38, 8) not null,
  primary key (organization_id, day)
);

-- USD prices: the latest per symbol (with where it came from and whether the last fetch failed)
-- and one per symbol and day, for the cost of a record at its time.
create table prices (
  symbol text primary key,
  usd_price numeric(38, 18) not null,
  source text not null,
  fetched_at timestamptz not null,
  failed_at timestamptz
);
create table price_days (
  symbol text not null,
  day date not null,
  usd_price numeric(38, 18) not null,
  primary key (symbol, day)
);

-- A member's choices on the asset pages (§7 /asset-show).
alter table users add column asset_show_amount boolean not null default true;
alter table users add column asset_hide_small boolean not null default false;
