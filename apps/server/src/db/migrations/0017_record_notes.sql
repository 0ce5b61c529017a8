-- A remark and a cost price on an on-chain record (§7 PATCH /transfer/remark, /transfer/cost-price):
-- written by the wallet's operators and the space's admins, audited. The cost price is what one
-- unit of the token cost in USD (profit and loss reads it); null until someone sets it.
alter table transfer_records add column remark text;
alter table transfer_records add column cost_price numeric(38, 18);
alter table transfer_records add column noted_by bigint references users (id) on delete set null;
alter table transfer_records add column noted_at timestamptz;
