/**
 * The one registry of cross-process coordination names used by the server: PostgreSQL
 * advisory-lock ids and the names of claimed background jobs. Every `pg_advisory_*` call and
 * every scheduled job takes its id from here, so two features never pick the same number.
 *
 * Advisory locks come in two key spaces that never collide with each other:
 * - two-key locks `pg_advisory_xact_lock(namespace int, key int)`: the namespace says what is
 *   locked, the key which one (a space id, a wallet id …); the `LockNamespace` values below;
 * - one-key locks `pg_advisory_lock(id bigint)`: `LockId` below.
 * An audit chain is locked by its checkpoint row instead, by its sealer (audit-sealer.ts), so the
 * lock and the chain's head are one statement.
 */
export const LockNamespace = {
  /** Spaces one user creates (key: user id): the per-creator space limit. */
  SpaceCreator: 8200,
  /** Membership of one space (key: organization id): invitations against the member limit. */
  SpaceMembers: 8201,
  /** Wallets of one space (key: organization id): the plan's wallet limits in the wallet wizard. */
  SpaceWallets: 8300,
  /** Writer of one wallet (key: wallet id): transfer creation takes nonces / UTXOs one at a time. */
  WalletWriter: 8400,
  /** Open subscription orders (key: 0): each order's exact amount is chosen one at a time. */
  SubscriptionOrders: 8500,
  /** Sends of one EVM payment address (key: its fee_payers id): each account nonce is taken once. */
  PaymentAddressSends: 8600,
  /** Payment addresses of one space (key: organization id): the plan's limit on how many. */
  SpacePaymentAddresses: 8601,
  /** Escrow of one exchange account (key: wallet id): its platform API key count and orders judged one at a time. */
  EscrowAccount: 8700,
  /** Transfer creations of one space under a velocity rule (key: organization id): none races past a limit. */
  SpaceVelocity: 8800,
} as const;
export type LockNamespace = (typeof LockNamespace)[keyof typeof LockNamespace];

export const LockId = {
  /** Held on one connection while migrations run, so concurrent boots apply each migration once. */
  Migrations: 72_410_311,
} as const;
export type LockId = (typeof LockId)[keyof typeof LockId];

/**
 * Background jobs claimed through `job_leases` (see `jobs/job-lease.ts`): whichever process
 * claims a name runs that job for the interval, so N processes do each job once, not N times.
 */
export const JobName = {
  /** Initializing Safes → normal once the chain shows them (modules/wallets). */
  ConfirmDeployments: 'wallets.confirm-deployments',
  /** Broadcast transfers of every family followed to completion, failure, resend or reorg (jobs/transfer-watcher). */
  FollowTransfers: 'transfers.follow',
  /** Incoming transfers to space wallets recorded as deposits (per-chain block cursor). */
  RecordDeposits: 'transfers.record-deposits',
  /** Wallet balances re-read through each family adapter (EVM: Multicall3 batches; Bitcoin family: UTXO scans). */
  RefreshBalances: 'wallets.refresh-balances',
  /** Transfers whose transaction expired unsigned (Tron, 24 h) → timeout-cancelled (jobs/signing-timeout). */
  SigningTimeout: 'transfers.signing-timeout',
  /** Consumption records of fee-payer transactions settled from the chain (modules/fee-payers). */
  SettleSponsored: 'payments.settle-sponsored',
  /** Deposits to the spaces' EVM payment addresses (modules/fee-payers). */
  RecordPaymentDeposits: 'payments.record-deposits',
  /** Prices (and display-currency rates) fetched from the configured source (modules/prices). */
  RefreshPrices: 'prices.refresh',
  /** Today's asset snapshot of wallets new today or whose balances changed (modules/assets). */
  RecordSnapshots: 'assets.record-snapshots',
  /** USDT transfers to the subscription address matched to their orders, plans extended (modules/subscriptions). */
  CreditSubscriptions: 'subscriptions.credit',
  /** Exchange accounts' balances re-read, a share per exchange each run (modules/exchanges). */
  RefreshExchangeBalances: 'exchanges.refresh-balances',
  /** Velocity hours older than every window (8 days) deleted (modules/transfer-policy). */
  PruneVelocityHours: 'transfer-policy.prune-velocity-hours',
  /** Wallets' emergency recovery modules read on chain: queued recoveries announced, run swaps applied (modules/recovery). */
  WatchRecoveries: 'recovery.watch',
  /** Inheritance: testators' inactivity reminders (30 days) and the succession's opening (90 days) (modules/inheritance). */
  WatchInheritance: 'inheritance.watch',
  /** Development: local regtest nodes mine a block when transactions wait (modules/chains/regtest-faucet). */
  MineRegtest: 'dev.mine-regtest',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];
