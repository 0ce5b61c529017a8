import pg from 'pg';
import { csrfForSession, seedOwnerSpace, seedSession } from './seed';
import { headersFor, percentile } from './transfers';
import { dropSchema } from './http-baseline';
import { BENCH_DATABASE_URL, printRow, startChild, tempDir } from './harness';

const WALLETS = 1_000;
const TOKENS = ['ETH', 'USDT', 'USDC', 'DAI', 'POL'];
const DAYS = 365;
const RECORDS_PER_TOKEN = 10;
const MEMBER_WALLETS = 50;
const ROUNDS = 200;

const ms = (value: number) => value.toFixed(1);

/**
 * 1 000 wallets × 5 tokens × 365 daily snapshots (1.8 M rows) with the space's daily totals, and
 * 10 records per wallet and token (50 000) with daily prices, written with SQL.
 */
async function seed(client: pg.Client) {
  const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench assets');
  await client.query(
    `insert into wallets (organization_id, chain_key, sign_type, name, address, status, threshold, created_by)
     select $1, '31337', 1, 'Wallet ' || g, '0x' || lpad(to_hex(g), 40, '0'), 1, 2, $2 from generate_series(1, $3::int) g`,
    [organizationId, ownerId, WALLETS],
  );
  await client.query(
    `insert into asset_snapshots (organization_id, wallet_id, day, token_key, symbol, decimals, amount, usd_price, usd_value)
     select $1, w.id, current_date - d, t.symbol, t.symbol, 18, (1e18 * (1 + random()))::numeric(78,0), 1, 1 + random()
     from wallets w, generate_series(0, $2::int - 1) d, unnest($3::text[]) as t(symbol)`,
    [organizationId, DAYS, TOKENS],
  );
  await client.query(
    `insert into wallet_asset_days (organization_id, wallet_id, day, usd_value)
     select organization_id, wallet_id, day, sum(usd_value) from asset_snapshots group by 1, 2, 3`,
  );
  await client.query(
    `insert into space_asset_days (organization_id, day, usd_value)
     select organization_id, day, sum(usd_value) from wallet_asset_days group by 1, 2`,
  );
  await client.query(
    `insert into price_days (symbol, day, usd_price)
     select t.symbol, current_date - d, 1 + random() from generate_series(0, $1::int - 1) d, unnest($2::text[]) as t(symbol)
     on conflict do nothing`,
    [DAYS, TOKENS],
  );
  await client.query(
    `insert into transfer_records (organization_id, wallet_id, chain_key, direction, tx_hash, from_address, to_address,
       token_key, symbol, decimals, amount, block_number, created_at)
     select $1, w.id, '31337', case when n % 3 = 0 then 2 else 1 end, md5(w.id || t.symbol || n), '0x1', '0x2',
       t.symbol, t.symbol, 18, (1e17 * (1 + n))::numeric(78,0), n, now() - (n * 30 || ' days')::interval / $2
     from wallets w, unnest($3::text[]) as t(symbol), generate_series(1, $2::int) n`,
    [organizationId, RECORDS_PER_TOKEN, TOKENS],
  );
  // A member who sees 50 of the wallets (viewer): the trend sums their snapshots.
  const member = await client.query(
    `insert into users (email, password_hash, nickname, totp_secret_enc) values ('member@bench.io', 'x', 'member', 'x') returning id`,
  );
  const memberId = member.rows[0].id as number;
  await client.query(
    `insert into organization_members (organization_id, user_id, email, role, status, joined_at) values ($1, $2, 'member@bench.io', 0, 'joined', now())`,
    [organizationId, memberId],
  );
  await client.query(
    `insert into wallet_members (wallet_id, user_id, role) select id, $1, 'viewer' from wallets order by id limit $2`,
    [memberId, MEMBER_WALLETS],
  );
  await client.query('analyze');
  return {
    organizationId,
    ownerToken: await seedSession(client, ownerId),
    memberToken: await seedSession(client, memberId),
  };
}

/** Times `rounds` of each named request, interleaved so every one sees the same machine state. */
async function timeAll(rounds: number, work: Record<string, () => Promise<unknown>>) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(work).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++)
    for (const [name, run] of Object.entries(work)) {
      const started = performance.now();
      await run();
      times[name]!.push(performance.now() - started);
    }
  return times;
}

/**
 * Asset analysis on PostgreSQL (issue 16): the 1Y trend of an admin (the space's daily totals) and
 * of a member seeing 50 wallets (their snapshots summed), and the profit and loss tab over 50 000
 * records, each through the API against the bare SQL of the same query in the same run.
 */
export async function benchAssets(): Promise<void> {
  console.log(
    `\n# Asset analysis (PostgreSQL, ${WALLETS} wallets × ${TOKENS.length} tokens × ${DAYS} days = ${(WALLETS * TOKENS.length * DAYS).toLocaleString('en-US')} snapshots, ${(WALLETS * TOKENS.length * RECORDS_PER_TOKEN).toLocaleString('en-US')} records)`,
  );
  const schema = `bench_assets_${Date.now()}`;
  const env = {
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    SNAPSHOT_EVERY_SECONDS: '86400',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('assets'),
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  await client.connect();
  try {
    const seededAt = performance.now();
    const { organizationId, ownerToken, memberToken } = await seed(client);
    printRow('seed', { seconds: ((performance.now() - seededAt) / 1000).toFixed(1) });
    const owner = headersFor(ownerToken, await csrfForSession(keystead.url, ownerToken), organizationId);
    const member = headersFor(memberToken, await csrfForSession(keystead.url, memberToken), organizationId);
    const get = async (headers: Record<string, string>, path: string) => {
      const response = await fetch(`${keystead.url}/api/v1${path}`, { headers });
      const body = (await response.json()) as { code: string };
      if (body.code !== 'OK') throw new Error(`${path}: ${body.code}`);
    };
    const memberWallets = (
      await client.query<{ id: string }>('select id from wallets order by id limit $1', [MEMBER_WALLETS])
    ).rows.map((row) => Number(row.id));
    const times = await timeAll(ROUNDS, {
      'trend 1Y admin (API)': () => get(owner, '/wallets/statistics?range=1Y'),
      'trend 1Y admin (bare SQL)': () =>
        client.query(
          `select day::text as day, usd_value::text as value from space_asset_days
           where organization_id = $1 and day between current_date - 364 and current_date order by day`,
          [organizationId],
        ),
      'trend 1Y member, 50 wallets (API)': () => get(member, '/wallets/statistics?range=1Y'),
      'trend 1Y member, 50 wallets (bare SQL)': () =>
        client.query(
          `select day::text as day, sum(usd_value)::text as value from wallet_asset_days
           where wallet_id = any($1::bigint[]) and day between current_date - 364 and current_date
           group by day order by day`,
          [memberWallets],
        ),
      'profit and loss (API)': () => get(owner, '/asset/profit-loss'),
      'profit and loss (bare SQL)': () =>
        client.query(
          `select g.day::text as day, g.direction, g.symbol, g.decimals, g.amount::text as amount,
             coalesce(g.cost_price, d.usd_price)::text as price, g.records
           from (
             select (r.created_at at time zone 'UTC')::date as day, r.direction, upper(r.symbol) as symbol,
               r.decimals, r.cost_price, sum(r.amount) as amount, count(*)::int as records
             from transfer_records r
             where r.wallet_id in (select id from wallets where organization_id = $1 and status <> 10 and address is not null)
             group by 1, 2, 3, 4, 5
           ) g
           left join price_days d on d.symbol = g.symbol and d.day = g.day
           order by g.day, g.direction`,
          [organizationId],
        ),
    });
    const names = Object.keys(times);
    for (let i = 0; i < names.length; i += 2) {
      const api = times[names[i]!]!;
      const bare = times[names[i + 1]!]!;
      printRow(names[i]!, {
        p50_ms: ms(percentile(api, 50)),
        p99_ms: ms(percentile(api, 99)),
        goal: 'p99 ≤ 100 ms',
      });
      printRow(names[i + 1]!, {
        p50_ms: ms(percentile(bare, 50)),
        p99_ms: ms(percentile(bare, 99)),
        'API/bare p50': (percentile(api, 50) / percentile(bare, 50)).toFixed(2),
      });
    }
  } finally {
    await client.end();
    await keystead.stop();
    await dropSchema(schema);
  }
}
