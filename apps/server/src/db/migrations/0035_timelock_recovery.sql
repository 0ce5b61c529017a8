-- Bitcoin-family emergency recovery (issue 20): a wallet may carry a timelocked recovery path,
-- wsh(or_d(multi(k, …), and_v(v:pk(RECOVERY), older(N)))). Fixed at creation (it is part of every
-- address): { "key": { xpub, fingerprint, path }, "blocks": N, "recoverer_user_id": member or null }.
-- The recoverer is the member whose verified signer key it is; null for a backup key the space
-- keeps offline. Null for wallets without that path.
alter table wallets add column timelock_recovery jsonb;
