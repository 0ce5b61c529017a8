-- ERC-20 approvals a wallet granted (§2 wallet tab "token approvals"): one row per token and
-- spender, found by the deposit scan from the chain's Approval events (the latest one seen).
-- The amount is not kept: it is read live with allowance(), because spending lowers it without
-- an event; a row whose allowance is back to 0 is simply not listed.
create table token_approvals (
  wallet_id bigint not null references wallets (id) on delete cascade,
  token text not null,
  spender text not null,
  tx_hash text not null,
  block_number bigint not null,
  primary key (wallet_id, token, spender)
);
