-- The transfer policy of a space (issue 21): an ordered list of rules, first match wins, with
-- named approver groups. The document in force changes only through an approved change
-- (maker-checker: proposed by an admin, approved by `quorum` other admins).
create table transfer_policies (
  organization_id bigint primary key references organizations (id) on delete cascade,
  version integer not null check (version >= 1),
  document jsonb not null,
  change_id bigint,
  updated_at timestamptz not null default now()
);

create table policy_changes (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  document jsonb not null,
  -- The version in force when proposed: approving it over a newer version is refused.
  base_version integer not null,
  -- The quorum in force when proposed (a change cannot lower the quorum that approves it).
  quorum integer not null check (quorum >= 1),
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected', 'revoked')),
  proposed_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create unique index policy_changes_one_pending on policy_changes (organization_id) where status = 'pending';
create index policy_changes_space on policy_changes (organization_id, id desc);

create table policy_change_votes (
  change_id bigint not null references policy_changes (id) on delete cascade,
  user_id bigint not null references users (id),
  result smallint not null check (result in (1, 2)),
  comment text,
  created_at timestamptz not null default now(),
  primary key (change_id, user_id)
);

-- On each transfer: its USD value when created (the velocity sums), the rules it matched and what
-- they require, and a policy delay's earliest broadcast.
alter table tasks add column amount_usd numeric;
alter table tasks add column policy jsonb;
alter table tasks add column broadcast_after timestamptz;
-- Velocity: a space's (and a wallet's) transfers of the last 7 days.
create index tasks_velocity on tasks (organization_id, created_at) where type in (1, 4, 5);

-- Velocity without scanning a busy space's week of transfers: every transfer that counts (a
-- transfer type not refused, revoked or failed) is added to its wallet's hour; a trigger keeps
-- the hours true through every insert, status change, re-dating and delete. The partial hours at
-- a window's two edges are read from the transfers themselves (velocityFigures).
create function velocity_hour(moment timestamptz) returns timestamptz
  language sql immutable as $$ select to_timestamp(floor(extract(epoch from moment) / 3600) * 3600) $$;

create function velocity_counted(kind integer, status integer) returns boolean
  language sql immutable as $$ select kind in (1, 4, 5) and status in (0, 1, 3, 5, 6) $$;

create table velocity_hours (
  organization_id bigint not null,
  hour timestamptz not null,
  wallet_id bigint not null,
  transfers integer not null,
  usd numeric not null,
  primary key (organization_id, hour, wallet_id)
);

create function velocity_hours_add(org bigint, wallet bigint, moment timestamptz, transfers integer, usd numeric)
  returns void language sql as $$
    insert into velocity_hours (organization_id, hour, wallet_id, transfers, usd)
    values (org, velocity_hour(moment), wallet, transfers, coalesce(usd, 0))
    on conflict (organization_id, hour, wallet_id) do update
      set transfers = velocity_hours.transfers + excluded.transfers, usd = velocity_hours.usd + excluded.usd
  $$;

create function velocity_hours_follow() returns trigger language plpgsql as $$
declare
  was boolean := tg_op <> 'INSERT' and old.wallet_id is not null and velocity_counted(old.type, old.status);
  now_counted boolean := tg_op <> 'DELETE' and new.wallet_id is not null and velocity_counted(new.type, new.status);
begin
  -- Still counted in the same hour with the same value (approvals, signatures, broadcast): nothing moves.
  if was and now_counted and new.created_at = old.created_at and new.wallet_id = old.wallet_id
     and new.amount_usd is not distinct from old.amount_usd then
    return null;
  end if;
  if was then
    perform velocity_hours_add(old.organization_id, old.wallet_id, old.created_at, -1, -old.amount_usd);
  end if;
  if now_counted then
    perform velocity_hours_add(new.organization_id, new.wallet_id, new.created_at, 1, new.amount_usd);
  end if;
  return null;
end $$;

create trigger tasks_velocity_hours after insert or update or delete on tasks
  for each row execute function velocity_hours_follow();

insert into velocity_hours (organization_id, hour, wallet_id, transfers, usd)
  select organization_id, velocity_hour(created_at), wallet_id, count(*), coalesce(sum(amount_usd), 0)
  from tasks
  where wallet_id is not null and velocity_counted(type, status) and created_at > now() - interval '8 days'
  group by 1, 2, 3;

-- The space's and the wallet's count and USD sum over the last 24 h and 7 d up to `at`: whole
-- hours from velocity_hours, the partial hours at each window's edges from the transfers (so a
-- window is exact to the moment). PL/pgSQL keeps the plan between calls.
create function velocity_figures(org bigint, wallet bigint, at timestamptz)
  returns table (
    space_24h_count bigint, space_24h_usd numeric, wallet_24h_count bigint, wallet_24h_usd numeric,
    space_7d_count bigint, space_7d_usd numeric, wallet_7d_count bigint, wallet_7d_usd numeric
  )
  language plpgsql stable as $$
declare
  last_hour timestamptz := velocity_hour(at);
  start_24h timestamptz := at - interval '24 hours';
  start_7d timestamptz := at - interval '7 days';
  whole_24h timestamptz := velocity_hour(at - interval '24 hours') + interval '1 hour';
  whole_7d timestamptz := velocity_hour(at - interval '7 days') + interval '1 hour';
begin
  return query
  select
    h.s24 + e.s24, h.s24u + e.s24u, h.w24 + e.w24, h.w24u + e.w24u,
    h.s7 + e.s7, h.s7u + e.s7u, h.w7 + e.w7, h.w7u + e.w7u
  from (
    select
      coalesce(sum(v.transfers) filter (where v.hour >= whole_24h), 0)::bigint as s24,
      coalesce(sum(v.usd) filter (where v.hour >= whole_24h), 0) as s24u,
      coalesce(sum(v.transfers) filter (where v.hour >= whole_24h and v.wallet_id = wallet), 0)::bigint as w24,
      coalesce(sum(v.usd) filter (where v.hour >= whole_24h and v.wallet_id = wallet), 0) as w24u,
      coalesce(sum(v.transfers), 0)::bigint as s7,
      coalesce(sum(v.usd), 0) as s7u,
      coalesce(sum(v.transfers) filter (where v.wallet_id = wallet), 0)::bigint as w7,
      coalesce(sum(v.usd) filter (where v.wallet_id = wallet), 0) as w7u
    from velocity_hours v
    where v.organization_id = org and v.hour >= whole_7d and v.hour < last_hour
  ) h, (
    select
      count(*) filter (where in_24h) as s24,
      coalesce(sum(t.amount_usd) filter (where in_24h), 0) as s24u,
      count(*) filter (where in_24h and t.wallet_id = wallet) as w24,
      coalesce(sum(t.amount_usd) filter (where in_24h and t.wallet_id = wallet), 0) as w24u,
      count(*) filter (where in_7d) as s7,
      coalesce(sum(t.amount_usd) filter (where in_7d), 0) as s7u,
      count(*) filter (where in_7d and t.wallet_id = wallet) as w7,
      coalesce(sum(t.amount_usd) filter (where in_7d and t.wallet_id = wallet), 0) as w7u
    from (
      select t.*, 
        (t.created_at > start_24h and t.created_at < whole_24h or t.created_at >= last_hour) as in_24h,
        (t.created_at > start_7d and t.created_at < whole_7d or t.created_at >= last_hour) as in_7d
      from tasks t
      where t.organization_id = org and t.type in (1, 4, 5) and t.status in (0, 1, 3, 5, 6)
        and (t.created_at > start_7d and t.created_at < whole_7d
          or t.created_at > start_24h and t.created_at < whole_24h
          or t.created_at >= last_hour and t.created_at <= at)
    ) t
  ) e;
end $$;
