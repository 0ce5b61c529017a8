import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { createWalletClient, getAddress, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { batchEstimateReply, singleFeeEstimateReply, type BatchEstimate } from '@keystead/contract';
import { fundFromFaucet, hardhatAccounts } from '@keystead/devnet';
import { parseBatchCsv } from '../../apps/server/src/modules/transfers/batch-csv';
import { csrfForSession, seedOwnerSpace, seedSession } from './seed';
import { call, headersFor, percentile, seedActors, startDevnetServer } from './transfers';
import { printRow } from './harness';

const CSV_ROWS = 5_000;
const CSV_ROUNDS = 20;
const RECIPIENTS = 200;
const CALLS = 20;

const ms = (value: number) => value.toFixed(1);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** The template's file (§5 batch wizard): BOM, CRLF, EVM addresses, coin and USDT rows, memos. */
function templateCsv(rows: number): string {
  const lines = ['address,amount,token,memo,fund_purpose'];
  for (let i = 0; i < rows; i++) {
    const memo = i % 7 === 0 ? `"Invoice ${i}, March"` : i % 3 === 0 ? '' : `Payroll ${i}`;
    lines.push(
      [
        randomAddress(),
        `${(i % 500) + 1}.${String(i % 1000).padStart(3, '0')}`,
        i % 2 ? 'USDT' : '',
        memo,
        '',
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Times `rounds` runs of each function, interleaved so both see the same machine state. */
function timeSync(rounds: number, work: Record<string, () => unknown>): Record<string, number[]> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(work).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = Object.entries(work);
    // Alternate which goes first, so neither always runs after the other's garbage.
    for (const [name, run] of round % 2 ? order.reverse() : order) {
      const started = performance.now();
      run();
      times[name]!.push(performance.now() - started);
    }
  }
  return times;
}

/**
 * Batch transfers (§5 one-to-many): reading the template's CSV of 5 000 rows against csv-parse
 * alone; then the server's check + fee estimate of 200 recipients on a 2-of-3 Safe on a devnet
 * against the one-recipient fee estimate of the same wallet, in the same run.
 */
export async function benchBatch(): Promise<void> {
  benchBatchCsv();
  await benchBatchEstimate();
}

function benchBatchCsv(): void {
  console.log(
    `\n# Batch CSV (${CSV_ROWS.toLocaleString('en-US')} rows of the template, median of ${CSV_ROUNDS} rounds; ratio = parseBatchCsv / bare csv-parse)`,
  );
  const text = templateCsv(CSV_ROWS);
  const bare = () => parse(text, { bom: true }) as string[][];
  if (parseBatchCsv(text).length !== CSV_ROWS || bare().length !== CSV_ROWS + 1)
    throw new Error('the CSV did not read back as written');
  timeSync(5, { ours: () => parseBatchCsv(text), bare }); // warm-up
  const times = timeSync(CSV_ROUNDS, { ours: () => parseBatchCsv(text), bare });
  const ours = percentile(times.ours!, 50);
  const base = percentile(times.bare!, 50);
  printRow('parseBatchCsv (keystead)', {
    rows: CSV_ROWS,
    size_kb: (Buffer.byteLength(text, 'utf8') / 1024).toFixed(0),
    median_ms: ms(ours),
    p95_ms: ms(percentile(times.ours!, 95)),
    min_ms: ms(Math.min(...times.ours!)),
  });
  printRow('  bare csv-parse/sync { bom: true }', {
    median_ms: ms(base),
    p95_ms: ms(percentile(times.bare!, 95)),
    min_ms: ms(Math.min(...times.bare!)),
    ratio: (ours / base).toFixed(2),
  });
}

async function benchBatchEstimate(): Promise<void> {
  console.log(
    `\n# Batch estimate (PostgreSQL + EVM devnet, 2-of-3 Safe, ${CALLS} sequential calls each; ratio = ${RECIPIENTS} recipients / 1 recipient)`,
  );
  const { devnet, keystead, client, stop } = await startDevnetServer('batch');
  try {
    await client.connect();
    const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench batch');
    // Batches are a paid feature; the plan must also be current.
    await client.query(
      `update organizations set plan = 'enterprise', plan_expires_at = now() + interval '1 day' where id = $1`,
      [organizationId],
    );
    const ownerToken = await seedSession(client, ownerId);
    const owner = {
      userId: ownerId,
      headers: headersFor(ownerToken, await csrfForSession(keystead.url, ownerToken), organizationId),
    };
    const actors = await seedActors(client, organizationId, [
      'operator',
      'approver1',
      'approver2',
      'signer1',
      'signer2',
      'signer3',
    ]);
    for (const actor of actors.values())
      actor.headers = headersFor(
        actor.token,
        await csrfForSession(keystead.url, actor.token),
        organizationId,
      );
    const keys = hardhatAccounts(10).map((a) => a.privateKey as Hex);
    const signerIds: number[] = [];
    for (const [i, name] of ['signer1', 'signer2', 'signer3'].entries()) {
      const row = await client.query(
        `insert into signer_addresses (user_id, family, name, address, status, verified_at) values ($1, 'EVM', $2, $3, 1, now()) returning id`,
        [actors.get(name)!.userId, name, privateKeyToAccount(keys[i + 1]!).address],
      );
      signerIds.push(Number(row.rows[0].id));
    }

    const created = await call<{ wallet_id: number; address: string; deployment: { to: Hex; data: Hex } }>(
      keystead.url,
      owner,
      'POST',
      '/api/v1/wallets/multi',
      {
        name: 'Batch Safe',
        chain_key: '31337',
        signers: signerIds,
        threshold: 2,
        approvers: [actors.get('approver1')!.userId, actors.get('approver2')!.userId],
        approval_threshold: 2,
        operators: [actors.get('operator')!.userId],
        broadcast_scope: 3,
      },
    );
    if (created.code !== 'OK') throw new Error(`wallet creation: ${created.code}`);
    const walletId = created.data.wallet_id;
    const deployer = createWalletClient({
      chain: hardhat,
      transport: http(devnet.rpcUrl),
      account: privateKeyToAccount(keys[5]!),
    });
    const hash = await deployer.sendTransaction({
      to: created.data.deployment.to,
      data: created.data.deployment.data,
    });
    const reported = await call(
      keystead.url,
      actors.get('signer1')!,
      'POST',
      '/api/v1/wallet-deploy-broadcast-create',
      {
        wallet_id: walletId,
        tx_hash: hash,
      },
    );
    if (reported.code !== 'OK') throw new Error(`deployment report: ${reported.code}`);
    await fundFromFaucet(devnet, created.data.address as Hex, { eth: '100', usdt: '1000' });
    // The server is configured by RPC URL alone (not as a devnet), so it knows no USDT of its
    // own: the devnet's USDT is the wallet's custom token, as an operator would add it.
    await client.query(
      `insert into wallet_tokens (wallet_id, contract, symbol, decimals, created_by) values ($1, $2, 'USDT', 6, $3)`,
      [walletId, devnet.contracts.usdt, ownerId],
    );
    for (let waited = 0; ; waited += 250) {
      const pending = await client.query(`select status from wallets where id = $1`, [walletId]);
      if (Number(pending.rows[0].status) === 1) break;
      if (waited > 60_000) throw new Error('deployment not confirmed within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const operator = actors.get('operator')!;
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      address: randomAddress(),
      amount: '0.001',
      token: i % 2 ? 'USDT' : '',
    }));
    const timedCalls = async <T>(url: string, body: unknown, check: (data: T) => void): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < CALLS + 2; i++) {
        const started = performance.now();
        const reply = await call<T>(keystead.url, operator, 'POST', url, body);
        const elapsed = performance.now() - started;
        if (reply.code !== 'OK')
          throw new Error(`${url}: ${reply.code} ${JSON.stringify(reply).slice(0, 500)}`);
        check(reply.data);
        if (i >= 2) times.push(elapsed); // the first two warm the route up
      }
      return times;
    };
    // Interleaved would mix their caches; each runs its own sequence, single first.
    const single = await timedCalls(
      '/api/v1/fee/single-estimate',
      {
        wallet_id: walletId,
        to: rows[0]!.address,
        amount: '0.001',
      },
      (data) => singleFeeEstimateReply.parse(data),
    );
    let estimate: BatchEstimate | undefined;
    const batch = await timedCalls<BatchEstimate>(
      '/api/v1/fee/estimate-one-to-many',
      {
        wallet_id: walletId,
        rows,
      },
      (data) => {
        batchEstimateReply.parse(data);
        if (data.recipients !== RECIPIENTS) throw new Error(`batch estimate counted ${data.recipients} rows`);
        estimate = data;
      },
    );

    const batchP50 = percentile(batch, 50);
    const singleP50 = percentile(single, 50);
    printRow(`POST /fee/estimate-one-to-many (${RECIPIENTS} rows)`, {
      n: batch.length,
      median_ms: ms(batchP50),
      p95_ms: ms(percentile(batch, 95)),
      gas_limit: estimate?.fee.gas_limit ?? '-',
      assets: estimate?.totals.map((t) => `${t.symbol}:${t.amount}`).join(',') ?? '-',
    });
    printRow('  baseline POST /fee/single-estimate (1 row)', {
      n: single.length,
      median_ms: ms(singleP50),
      p95_ms: ms(percentile(single, 95)),
      ratio: (batchP50 / singleP50).toFixed(1),
      per_recipient_ms: ((batchP50 - singleP50) / (RECIPIENTS - 1)).toFixed(2),
    });
  } finally {
    await stop();
  }
}
