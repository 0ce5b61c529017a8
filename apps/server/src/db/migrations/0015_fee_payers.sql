-- Platform-held fee-payer keys (Solana fee sponsoring): one per space and family, the secret
-- sealed under PAYMENT_MASTER_KEY (AES-256-GCM) and never returned or logged.
create table fee_payers (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  family text not null,
  address text not null unique,
  secret_sealed text not null,
  created_at timestamptz not null default now(),
  unique (organization_id, family)
);
