-- Subscription upgrades paid in USDT (§4 task type 7). An order is identified by its exact amount
-- (the price plus millionths no other open order on that chain and address has).
create table subscription_orders (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  task_id bigint not null references tasks (id) on delete cascade,
  plan text not null check (plan in ('plus', 'enterprise')),
  months smallint not null,
  price numeric(20, 2) not null,
  chain_key text not null,
  token_contract text not null,
  decimals smallint not null,
  pay_to text not null,
  -- Raw units of the token: what must arrive, exactly.
  amount numeric(78, 0) not null,
  -- 0 awaiting payment, 1 paid, 11 expired (task statuses).
  status smallint not null default 0,
  expires_at timestamptz not null,
  paid_at timestamptz,
  plan_expires_at timestamptz,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index subscription_orders_open_amount
  on subscription_orders (chain_key, lower(pay_to), amount) where status = 0;
create index subscription_orders_space on subscription_orders (organization_id, id desc);

-- Every USDT transfer seen arriving at a receiving address, matched to the order it paid or not
-- (a wrong amount, a late or second payment: kept for a refund). Unique per transfer, so two
-- watchers reading the same block credit once.
create table subscription_payments (
  chain_key text not null,
  tx_hash text not null,
  log_index integer not null,
  from_address text not null,
  pay_to text not null,
  token_contract text not null,
  amount numeric(78, 0) not null,
  block_number bigint not null,
  order_id bigint references subscription_orders (id),
  received_at timestamptz not null default now(),
  primary key (chain_key, tx_hash, log_index)
);

-- The 3-day extensions a space used since its plan was last paid (§4: one per period).
alter table organizations add column plan_extensions smallint not null default 0;
