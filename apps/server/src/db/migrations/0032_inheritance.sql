-- Family inheritance (§4 actions): a wallet owner names an heir; after 90 days without sign-in
-- the heir applies and may then queue the owner swap on the wallet's recovery module. One plan
-- per wallet; a closed or denied plan is opened again in place.
create table inheritance_plans (
  wallet_id bigint primary key references wallets (id) on delete cascade,
  testator_user_id bigint not null references users (id),
  heir_user_id bigint not null references users (id),
  heir_address text,
  status text not null,
  -- The inactivity reminder (30 days) and the succession's opening (90 days), each told once.
  reminded_at timestamptz,
  succession_opened_at timestamptz,
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
