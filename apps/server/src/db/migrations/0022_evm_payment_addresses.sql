-- EVM payment addresses (§1, §3): a space holds several, each named by an admin, each one
-- platform-held key (sealed under PAYMENT_MASTER_KEY) that sends and pays for the executions of
-- the wallets bound to it, on every EVM chain. The Solana fee payer stays one per space.
alter table fee_payers drop constraint fee_payers_organization_id_family_key;
alter table fee_payers add column name text;
alter table fee_payers add column status smallint not null default 1;
create unique index fee_payers_one_sol on fee_payers (organization_id) where family = 'SOL';

-- A wallet's payment address (its payment switch is wallets.payment_on).
alter table wallets add column payment_address_id bigint references fee_payers (id) on delete set null;

-- What a payment address sent itself (refunds, sponsored executions): the raw transaction, so a
-- stuck one can be sent again at the same nonce with higher fees.
alter table payment_records add column payment_address_id bigint references fee_payers (id) on delete set null;
alter table payment_records add column raw_tx text;
alter table payment_records add column account_nonce bigint;
create index payment_records_open_refund on payment_records (payment_address_id) where type = 2 and status = 3;
