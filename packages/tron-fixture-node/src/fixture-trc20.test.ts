// Tests of the SYNTHETIC fixture node's TRC20 "USDT": reads, energy estimates, transfers with their
// Transfer log, and on-chain failures. Replies are fixture replies, not a real node's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_USDT, FIXTURE_USDT_HEX } from './fixture-chain.js';
import { startTronFixtureNode, type TronFixtureNode } from './fixture-node.js';
import { post, textOfHex, type Reply } from './fixture-test-helpers.js';
import { SYNTHETIC_ENERGY, TRANSFER_TOPIC, addressWord, word } from './fixture-trc20.js';
import { base58ToHex, decodeRawData, decodeTrc20Transfer } from './independent.js';
import { signRawData, testKey } from './test-signer.js';

const TRX = 1_000_000;
const USDT = 1_000_000n; // 6 decimals
const [A, B, C] = [11, 12, 13].map(testKey) as [
  ReturnType<typeof testKey>,
  ReturnType<typeof testKey>,
  ReturnType<typeof testKey>,
];
const ENERGY_FEE = 210;
let node: TronFixtureNode;

beforeAll(async () => {
  node = await startTronFixtureNode({ startTime: 1_767_225_600_000 });
  node.fund(A.address, 500 * TRX);
  node.fundToken(FIXTURE_USDT, A.address, 100n * USDT);
});
afterAll(() => node.close());

const balanceOf = async (address: string) => {
  const r = await post(node, '/wallet/triggerconstantcontract', {
    owner_address: address,
    contract_address: FIXTURE_USDT,
    function_selector: 'balanceOf(address)',
    parameter: addressWord(address),
    visible: true,
  });
  return BigInt(`0x${r.constant_result[0]}`);
};
const transferParams = (from: string, to: string, amount: bigint, extra: Record<string, unknown> = {}) => ({
  owner_address: from,
  contract_address: FIXTURE_USDT,
  function_selector: 'transfer(address,uint256)',
  parameter: addressWord(to) + word(amount),
  fee_limit: 100 * TRX,
  visible: true,
  ...extra,
});
/** Builds with /wallet/triggersmartcontract, signs with the test signer, broadcasts. */
async function sendUsdt(
  from: typeof A,
  to: string,
  amount: bigint,
): Promise<{ txid: string; broadcast: Reply }> {
  const built = await post(node, '/wallet/triggersmartcontract', transferParams(from.address, to, amount));
  const tx = signRawData(built.transaction.raw_data, [from.privateKey]);
  expect(tx.txID).toBe(built.transaction.txID);
  return { txid: tx.txID, broadcast: await post(node, '/wallet/broadcasttransaction', tx) };
}

describe('fixture node (SYNTHETIC replies): TRC20 USDT', () => {
  it('fixture: balanceOf, decimals and symbol through triggerconstantcontract', async () => {
    expect(await balanceOf(A.address)).toBe(100n * USDT);
    expect(await balanceOf(B.address)).toBe(0n);
    const dec = await post(node, '/wallet/triggerconstantcontract', {
      owner_address: A.address,
      contract_address: FIXTURE_USDT,
      function_selector: 'decimals()',
      visible: true,
    });
    expect(dec).toMatchObject({ result: { result: true }, constant_result: [word(6n)] });
  });

  it('fixture: transfer energy estimate is higher when the recipient holds none (SYNTHETIC 130285 vs 64285)', async () => {
    const toNew = await post(
      node,
      '/wallet/triggerconstantcontract',
      transferParams(A.address, B.address, USDT),
    );
    expect(toNew.energy_used).toBe(SYNTHETIC_ENERGY.transferToNewHolder);
    node.fundToken(FIXTURE_USDT, C.address, 1n);
    const toHolder = await post(node, '/wallet/estimateenergy', transferParams(A.address, C.address, USDT));
    expect(toHolder).toEqual({
      result: { result: true },
      energy_required: SYNTHETIC_ENERGY.transferToHolder,
    });
  });

  it('fixture: triggersmartcontract builds a tx the independent reader decodes; hex addresses without visible', async () => {
    const hexReq = transferParams(base58ToHex(A.address), B.address, 7n, { visible: undefined });
    const built = await post(node, '/wallet/triggersmartcontract', {
      ...hexReq,
      contract_address: FIXTURE_USDT_HEX,
    });
    const value = built.transaction.raw_data.contract[0].parameter.value;
    expect(value.owner_address).toBe(base58ToHex(A.address));
    expect(value.contract_address).toBe(FIXTURE_USDT_HEX);
    const d = decodeRawData(built.transaction.raw_data_hex);
    expect(d.feeLimit).toBe(100 * TRX);
    if (d.contract.type !== 'TriggerSmartContract') throw new Error('type');
    expect(decodeTrc20Transfer(d.contract.value.data)).toEqual({ to: B.address, amount: 7n });
  });

  it('fixture: a transfer moves the tokens, emits the Transfer log and burns energy × getEnergyFee', async () => {
    const { txid, broadcast } = await sendUsdt(A, B.address, 25n * USDT);
    expect(broadcast).toEqual({ result: true, txid });
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: txid, visible: true });
    const energy = SYNTHETIC_ENERGY.transferToNewHolder;
    expect(info).toMatchObject({
      id: txid,
      contract_address: FIXTURE_USDT,
      contractResult: [word(1n)],
      receipt: { energy_usage_total: energy, energy_fee: energy * ENERGY_FEE, result: 'SUCCESS' },
      log: [
        {
          address: FIXTURE_USDT_HEX.slice(2),
          topics: [TRANSFER_TOPIC, addressWord(A.address), addressWord(B.address)],
          data: word(25n * USDT),
        },
      ],
    });
    expect(info.result).toBeUndefined();
    expect(await balanceOf(A.address)).toBe(75n * USDT);
    expect(await balanceOf(B.address)).toBe(25n * USDT);
    const byBlock = await post(node, '/wallet/gettransactioninfobyblocknum', { num: info.blockNumber });
    expect((byBlock as unknown as Reply[]).map((i) => i.id)).toEqual([txid]);
    const tx = await post(node, '/wallet/gettransactionbyid', { value: txid });
    expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
  });

  it("fixture: setFailNext('OUT_OF_ENERGY') fails the next transfer on chain: FAILED, fee burned, no tokens moved", async () => {
    const before = (await post(node, '/wallet/getaccount', { address: A.address, visible: true }))
      .balance as number;
    node.setFailNext('OUT_OF_ENERGY');
    const { txid, broadcast } = await sendUsdt(A, B.address, 5n * USDT);
    expect(broadcast.result).toBe(true); // accepted; it fails inside the block
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: txid });
    expect(info).toMatchObject({ result: 'FAILED', receipt: { result: 'OUT_OF_ENERGY' } });
    expect(textOfHex(info.resMessage)).toBe('Not enough energy');
    expect(info.receipt.energy_fee).toBeGreaterThan(99 * TRX); // the whole fee_limit's energy
    expect(info.log).toBeUndefined();
    const after = (await post(node, '/wallet/getaccount', { address: A.address, visible: true }))
      .balance as number;
    expect(before - after).toBe(info.fee);
    expect(await balanceOf(A.address)).toBe(75n * USDT);
    expect((await post(node, '/wallet/gettransactionbyid', { value: txid })).ret).toEqual([
      { contractRet: 'OUT_OF_ENERGY' },
    ]);
  });

  it('fixture: a transfer above the token balance reverts on chain (REVERT, fee burned)', async () => {
    const { txid } = await sendUsdt(A, B.address, 1000n * USDT);
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: txid });
    expect(info).toMatchObject({ result: 'FAILED', receipt: { result: 'REVERT' } });
    expect(info.fee).toBeGreaterThan(0);
  });

  it('fixture: a contract other than FIXTURE_USDT is refused', async () => {
    const r = await post(node, '/wallet/triggerconstantcontract', {
      ...transferParams(A.address, B.address, 1n),
      contract_address: B.address,
    });
    expect(r.result.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(textOfHex(r.result.message)).toBe('No contract or not a smart contract');
  });
});
