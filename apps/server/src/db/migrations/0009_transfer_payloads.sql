-- One transfer lifecycle for every chain family: what signers sign is one payload column
-- (a Safe transaction as JSON, an unsigned or partly signed PSBT), its hash where it has one,
-- and the sequence it takes (the Safe nonce). Every version handed to signers is kept.
alter table tasks add column payload text;
alter table tasks add column payload_hash text;
update tasks set payload = coalesce(psbt, safe_tx::text), payload_hash = safe_tx_hash;
alter table tasks rename column safe_nonce to sequence;
-- A custom fee is kept in the family's own unit (Gwei, sat/vB) in fee_rate.
update tasks set fee_rate = max_fee_per_gas / 1000000000
  where fee_tier = 'custom' and max_fee_per_gas is not null and fee_rate is null;
alter table tasks drop column safe_tx;
alter table tasks drop column safe_tx_hash;
alter table tasks drop column psbt;
alter table tasks drop column max_fee_per_gas;

create table task_payload_versions (
  task_id bigint not null references tasks (id) on delete cascade,
  version integer not null,
  payload text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  primary key (task_id, version)
);
insert into task_payload_versions (task_id, version, payload)
  select id, 1, payload from tasks where payload is not null;
