-- Spaces (organizations). type: 1/2 trial (testnet only), 3/4 full. kind: 1 Company, 2 Family.
create table organizations (
  id bigint generated always as identity primary key,
  name text not null,
  description text,
  logo_upload_id uuid references uploads (id),
  kind smallint not null default 1 check (kind in (1, 2)),
  type smallint not null default 3 check (type in (1, 2, 3, 4)),
  plan text not null default 'free' check (plan in ('free', 'plus', 'enterprise')),
  plan_expires_at timestamptz,
  is_open_approve boolean not null default false,
  is_open_testnet boolean not null default false,
  is_open_dapp boolean not null default false,
  environment_scan text not null default 'secure' check (environment_scan in ('scanning', 'secure', 'error')),
  creator_user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index organizations_creator on organizations (creator_user_id);

-- Members and invitations in one table: a pending row becomes joined when the invitee accepts.
create table organization_members (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  user_id bigint references users (id),
  email text not null,
  role smallint not null check (role in (0, 1, 2, 7)),
  status text not null check (status in ('joined', 'pending', 'expired', 'blocked')),
  invite_token_hash text unique,
  invite_expires_at timestamptz,
  invited_by bigint references users (id),
  joined_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index organization_members_email on organization_members (organization_id, lower(email));
create index organization_members_user on organization_members (user_id, organization_id);
create index organization_members_list on organization_members (organization_id, id);

-- The notification centre. category: 'transfer' (transfer/trade tab) or 'message'.
create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  organization_id bigint references organizations (id) on delete cascade,
  category text not null check (category in ('transfer', 'message')),
  title text not null,
  body text not null,
  wallet_name text,
  task_number text,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user on notifications (user_id, id desc);

create index audit_log_list on audit_log (organization_id, created_at desc, id desc);
create index audit_log_by_type on audit_log (organization_id, type, created_at desc, id desc);
