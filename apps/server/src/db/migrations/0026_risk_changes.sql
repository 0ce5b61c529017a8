-- Maker-checker of risk-control changes (issue 17: "approved like a transfer when the space
-- enables it"). When an exchange account has approvers (its wallet's approval_threshold >= 1), a
-- risk-control user's change is proposed here instead of applied; the account's approvers approve
-- or reject it, each once, and the threshold (kept with the change) decides. The rules in force
-- stay in force until an approved change replaces them. One change waits per account at a time.
create table risk_changes (
  id bigint generated always as identity primary key,
  wallet_id bigint not null references exchange_accounts (wallet_id) on delete cascade,
  organization_id bigint not null references organizations (id) on delete cascade,
  operation text not null
    check (operation in ('risk_rules_save', 'risk_rule_delete', 'risk_lever', 'risk_settings')),
  -- What applying the change writes (the checked input), shown to the approvers as it is.
  change jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected', 'revoked')),
  approval_threshold integer not null check (approval_threshold >= 1),
  proposed_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create unique index risk_changes_one_pending on risk_changes (wallet_id) where status = 'pending';
create index risk_changes_wallet on risk_changes (wallet_id, id desc);

create table risk_change_votes (
  change_id bigint not null references risk_changes (id) on delete cascade,
  user_id bigint not null references users (id),
  result smallint not null check (result in (1, 2)),
  comment text,
  created_at timestamptz not null default now(),
  primary key (change_id, user_id)
);
