-- Subscription orders paid by card through Stripe Checkout. A card order is named by its
-- Checkout Session (not by an amount), so the amount-per-address uniqueness holds for USDT only.
alter table subscription_orders
  add column method text not null default 'usdt' check (method in ('usdt', 'card'));
alter table subscription_orders add column checkout_session_id text;
alter table subscription_orders add column checkout_url text;
create unique index subscription_orders_checkout_session
  on subscription_orders (checkout_session_id) where checkout_session_id is not null;
drop index subscription_orders_open_amount;
create unique index subscription_orders_open_amount
  on subscription_orders (chain_key, lower(pay_to), amount) where status = 0 and method = 'usdt';

-- Every verified Stripe event about a Checkout Session, once per event id (a replayed delivery
-- inserts nothing), with what it did: credited the order, or why not (underpaid, unpaid, …).
create table subscription_card_events (
  event_id text primary key,
  event_type text not null,
  session_id text not null,
  order_id bigint references subscription_orders (id),
  payment_status text,
  currency text,
  -- Smallest currency unit (cents), as Stripe reports amount_total.
  amount_total bigint,
  outcome text not null,
  received_at timestamptz not null default now()
);
create index subscription_card_events_order on subscription_card_events (order_id);
