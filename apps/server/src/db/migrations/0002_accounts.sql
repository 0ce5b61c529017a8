create table users (
  id bigint generated always as identity primary key,
  email text not null,
  password_hash text not null,
  nickname text not null,
  company text,
  avatar_upload_id uuid references uploads (id),
  language_code text not null default 'en-US',
  currency text not null default 'USD',
  anti_phishing_code text,
  totp_secret_enc text,
  totp_pending_secret_enc text,
  totp_bound_at timestamptz,
  totp_last_step bigint not null default 0,
  notify_space boolean not null default true,
  notify_wallet boolean not null default true,
  notify_task boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email on users (lower(email));

-- One row per browser sign-in. Only the SHA-256 of the cookie token is stored.
create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null unique,
  stage text not null check (stage in ('second_factor', 'active')),
  second_factor text check (second_factor in ('totp', 'email')),
  second_factor_failures integer not null default 0,
  other_device_login boolean not null default false,
  ip text,
  user_agent text,
  device text,
  location text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  activated_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user on sessions (user_id, created_at desc);

-- Image captchas: the answer never leaves the server; the browser holds only the row id.
create table captchas (
  id text primary key,
  category text not null,
  email text,
  answer_hash text not null,
  -- Development mode only (never in production): the plain answer, listed at /dev/captchas so
  -- automated tests can read the image the way a person would.
  dev_answer text,
  ip text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz,
  consumed_at timestamptz,
  failed_at timestamptz
);
create index captchas_ip on captchas (ip, created_at desc);

-- E-mailed 6-digit codes: hashed, single use, bound to a purpose and an address.
create table email_codes (
  id bigint generated always as identity primary key,
  purpose text not null,
  email text not null,
  user_id bigint references users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_codes_lookup on email_codes (lower(email), purpose, created_at desc);

-- Password reset in steps (code, then authenticator when bound, then the new password).
create table password_resets (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete cascade,
  token_hash text not null unique,
  stage text not null check (stage in ('second_factor', 'ready')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Registration invite codes, used when REQUIRE_INVITE is on.
create table invite_codes (
  code text primary key check (length(code) = 16),
  created_at timestamptz not null default now(),
  used_by bigint references users (id),
  used_at timestamptz
);

-- Audit trail. organization_id is null for account-level events; each row carries the hash of
-- the previous row of the same chain so any edit or deletion breaks the chain.
create table audit_log (
  id bigint generated always as identity primary key,
  organization_id bigint,
  user_id bigint,
  type text not null,
  operation text not null,
  content jsonb not null default '{}'::jsonb,
  ip text,
  location text,
  created_at timestamptz not null default now(),
  -- Position in its chain (1, 2, 3 …): the chain's length without counting, and a gap shows a deletion.
  seq bigint not null,
  prev_hash text not null,
  hash text not null
);
create index audit_log_chain on audit_log (organization_id, id desc);
create index audit_log_user on audit_log (user_id, id desc) where organization_id is null;
