-- A person's favourite Dapps of the catalogue (§3 Dapp: dapp_id, is_favorite; §7 POST /dapp/favorite).
-- The catalogue itself is data in the server (modules/dapp/dapp-catalogue.ts), not a table.
create table dapp_favorites (
  user_id bigint not null references users (id) on delete cascade,
  dapp_id integer not null,
  created_at timestamptz not null default now(),
  primary key (user_id, dapp_id)
);
