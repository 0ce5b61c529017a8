-- Emergency recovery of a Safe (§4 states): a delay module enabled on the Safe lets one
-- recoverer queue an owner swap that runs only after a delay the owners can veto. The chain is
-- the truth: this row keeps what the platform set up and what it last read there (the watcher
-- refreshes it); the wallet's own `recovery_state` is a copy that lets every transfer step see a
-- pending recovery in the statement that already reads the wallet.
create table wallet_recoveries (
  wallet_id bigint primary key references wallets (id) on delete cascade,
  delay_address text not null,
  recoverer_address text not null,
  -- The member whose verified address the recoverer is; null for a backup address.
  recoverer_user_id bigint references users (id) on delete set null,
  cooldown_seconds integer not null,
  expiration_seconds integer not null default 0,
  salt_nonce text not null,
  enable_task_id bigint references tasks (id) on delete set null,
  -- The block the module was first seen enabled at: queued recoveries are looked for from there.
  enabled_block bigint,
  tx_nonce integer not null default 0,
  queue_nonce integer not null default 0,
  -- The queued transactions not run or vetoed yet, as the chain holds them (QueuedRecovery[]).
  queued jsonb not null default '[]',
  chain_time timestamptz,
  checked_at timestamptz,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now()
);

alter table wallets add column recovery_state text not null default 'not_enabled';
-- The delay module the platform set up for the wallet: a Safe with any other module enabled is
-- never trusted with signatures (a module moves funds without them).
alter table wallets add column recovery_module text;
