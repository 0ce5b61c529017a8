-- velocity_figures (0027) with one generic plan kept between calls: a custom plan per call cost
-- more to plan than the statements cost to run (bench: p50 0.72 -> 0.51 ms); the plan is the same
-- index scans. The edge transfers are read with the two columns the sums need, not the whole row.
create or replace function velocity_figures(org bigint, wallet bigint, at timestamptz)
  returns table (
    space_24h_count bigint, space_24h_usd numeric, wallet_24h_count bigint, wallet_24h_usd numeric,
    space_7d_count bigint, space_7d_usd numeric, wallet_7d_count bigint, wallet_7d_usd numeric
  )
  language plpgsql stable set plan_cache_mode = force_generic_plan as $$
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
      select t.wallet_id, t.amount_usd,
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
