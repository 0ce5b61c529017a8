-- §4 subscription expiry: when a space falls back to the free plan with more wallets than it
-- allows, an admin chooses which to keep; the others are marked and stop moving funds until the
-- plan allows them again (their data and balances stay visible).
alter table wallets add column plan_frozen boolean not null default false;
