-- A batch transfer (task type 4, §5 "batch"): one transaction paying many recipients. Each row of
-- the uploaded file or pasted list is kept in order with its asset, memo and fund purpose; what
-- the batch holds of each asset while it is active is the sum of its rows.
create table task_outputs (
  task_id bigint not null references tasks (id) on delete cascade,
  position integer not null,
  -- The row number in the operator's file (header = row 1), as errors named it.
  source_row integer not null,
  to_address text not null,
  token_key text not null,
  symbol text not null,
  decimals integer not null,
  amount numeric(78, 0) not null,
  memo text,
  label_id bigint references labels (id),
  primary key (task_id, position)
);
