-- The open tasks (pending approval, signature, broadcast, on chain) of any type, by space and by
-- wallet. The To-do tab asks for transfers of four types in three of these statuses; tasks_open
-- (0006) covered type 1 only, so with a million tasks the tab scanned the space's history
-- (0.4 s, and PostgreSQL's JIT compiled the plan for another 0.4 s) or, for a member, their
-- wallets' whole history (1.1 s). Open tasks are few: both indexes stay small.
drop index if exists tasks_open;
create index tasks_open on tasks (organization_id, id desc) where status in (0, 3, 5, 6);
create index tasks_open_wallet on tasks (wallet_id, id desc) where status in (0, 3, 5, 6);
