-- Mail the platform sends. Without SMTP_URL it stays here and is read at /dev/mailbox;
-- with SMTP_URL a worker claims pending rows (FOR UPDATE SKIP LOCKED) and sends them.
create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  category text not null default 'general',
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'stored')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_pending on mail_outbox (id) where status = 'pending';
create index mail_outbox_to on mail_outbox (lower(to_address), id desc);

-- Uploaded files (avatars, logos) live in the database so every server process serves them.
create table uploads (
  id uuid primary key,
  owner_user_id bigint,
  mime text not null,
  size_bytes integer not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
