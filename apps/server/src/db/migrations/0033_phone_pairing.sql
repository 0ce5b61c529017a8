-- The companion phone signer (§1): a desktop session asks for a one-time pairing code (shown as a
-- QR); the phone trades it for a session of kind 'phone', which may only list, show and sign tasks.
alter table sessions add column kind text not null default 'browser';

create table phone_pairings (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- sha256 of the normalized code: the code itself is never stored.
  code_hash text not null unique,
  -- The desktop session that asked for it, and the phone session it became.
  created_by_session_id bigint not null references sessions (id) on delete cascade,
  phone_session_id bigint references sessions (id) on delete set null,
  expires_at timestamptz not null,
  used_at timestamptz,
  voided_at timestamptz,
  created_at timestamptz not null default now()
);
create index phone_pairings_user on phone_pairings (user_id, created_at);
