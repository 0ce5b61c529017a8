// SYNTHETIC: what an accepted transaction does to the fixture chain when its block is produced, and
// the fees it burns (java-tron's rules: free bandwidth or bytes × getTransactionFee, account creation
// fees, the multi-signature fee, the permission-update fee, energy × getEnergyFee up to fee_limit).
import { utf8ToBytes } from '@noble/hashes/utils';
import { toHex } from './address.js';
import {
  FIXTURE_USDT,
  FIXTURE_USDT_HEX,
  RESULT_BYTES,
  type FixtureBlock,
  type FixtureChain,
  type StoredTx,
} from './fixture-chain.js';
import {
  SYNTHETIC_ENERGY,
  moveTokens,
  parseCall,
  transferEnergy,
  transferLog,
  transferWouldSucceed,
  word,
} from './fixture-trc20.js';
import { encodeTransaction, type DecodedRawData, type Json, type JsonObject } from './independent.js';

export interface FeePlan {
  /** Bandwidth size: the whole transaction protobuf plus 64 result bytes. */
  bytes: number;
  freeNet: boolean;
  netFee: bigint;
  createAccountFee: bigint;
  multiSignFee: bigint;
  permissionFee: bigint;
  /** Everything burned before any energy. */
  total: bigint;
}

export function ownerOf(d: DecodedRawData): string {
  return d.contract.value.owner_address;
}

export function txBytes(rawDataHex: string, signatures: readonly string[]): number {
  return encodeTransaction(rawDataHex, signatures).length / 2 + RESULT_BYTES;
}

export function planFees(
  chain: FixtureChain,
  d: DecodedRawData,
  rawDataHex: string,
  signatures: readonly string[],
  time: number,
): FeePlan {
  const bytes = txBytes(rawDataHex, signatures);
  const owner = chain.account(ownerOf(d));
  const p = (k: string) => BigInt(chain.param(k));
  const createsAccount =
    d.contract.type === 'TransferContract' && !chain.account(d.contract.value.to_address);
  const multiSignFee = signatures.length > 1 ? p('getMultiSignFee') : 0n;
  const permissionFee =
    d.contract.type === 'AccountPermissionUpdateContract' ? p('getUpdateAccountPermissionFee') : 0n;
  let netFee = 0n;
  let freeNet = false;
  let createAccountFee = 0n;
  if (createsAccount)
    createAccountFee = p('getCreateAccountFee') + p('getCreateNewAccountFeeInSystemContract');
  else if (owner && chain.freeNetLeft(owner, time) >= bytes) freeNet = true;
  else netFee = BigInt(bytes) * p('getTransactionFee');
  const total = netFee + createAccountFee + multiSignFee + permissionFee;
  return { bytes, freeNet, netFee, createAccountFee, multiSignFee, permissionFee, total };
}

const hexText = (s: string) => toHex(utf8ToBytes(s));

/** Applies a transaction inside `block`; fills tx.contractRet and tx.info. */
export function applyTx(chain: FixtureChain, tx: StoredTx, block: FixtureBlock): void {
  const d = tx.decoded;
  const time = block.timestamp;
  const owner = chain.account(ownerOf(d));
  const plan = planFees(chain, d, tx.rawDataHex, tx.signatures, time);
  const receipt: JsonObject = {};
  const info: JsonObject = {
    id: tx.txID,
    blockNumber: block.number,
    blockTimeStamp: time,
    contractResult: [''],
  };
  tx.contractRet = 'SUCCESS';
  if (!owner) {
    // Accepted while the owner existed but the account is gone by the time of the block: cannot happen
    // on this fixture (accounts are never deleted); kept as a guard.
    throw new Error(`owner ${ownerOf(d)} missing at block ${block.number}`);
  }
  owner.balance -= plan.total;
  if (plan.freeNet) {
    chain.useFreeNet(owner, time, plan.bytes);
    receipt.net_usage = plan.bytes;
  }
  if (plan.netFee > 0n) receipt.net_fee = Number(plan.netFee);
  if (plan.createAccountFee > 0n) receipt.net_fee = chain.param('getCreateAccountFee');
  let energyFee = 0n;

  switch (d.contract.type) {
    case 'TransferContract': {
      const v = d.contract.value;
      owner.balance -= v.amount;
      chain.createAccount(v.to_address, time).balance += v.amount;
      break;
    }
    case 'AccountPermissionUpdateContract': {
      const v = d.contract.value;
      owner.owner = { ...v.owner, type: 'Owner', id: 0 };
      owner.actives = v.actives.map((a, i) => ({ ...a, type: 'Active', id: i + 2 }));
      break;
    }
    case 'TriggerSmartContract': {
      const v = d.contract.value;
      const price = BigInt(chain.param('getEnergyFee'));
      const limitSun = BigInt(d.feeLimit) < owner.balance ? BigInt(d.feeLimit) : owner.balance;
      const energyLimit = limitSun / price;
      const call =
        v.contract_address === FIXTURE_USDT ? parseCall(chain, v.data) : ({ kind: 'unknown' } as const);
      let used: bigint;
      let ret = 'SUCCESS';
      let log: Json[] = [];
      let result = '';
      if (chain.failNext) {
        ret = chain.failNext;
        chain.failNext = undefined;
        used = ret === 'OUT_OF_ENERGY' ? energyLimit : BigInt(SYNTHETIC_ENERGY.revert);
      } else if (call.kind === 'transfer') {
        const need = BigInt(transferEnergy(chain, call.to));
        if (need > energyLimit) [ret, used] = ['OUT_OF_ENERGY', energyLimit];
        else if (!transferWouldSucceed(chain, v.owner_address, call.amount))
          [ret, used] = ['REVERT', BigInt(SYNTHETIC_ENERGY.revert)];
        else {
          used = need;
          moveTokens(chain, v.owner_address, call.to, call.amount);
          log = [transferLog(FIXTURE_USDT_HEX, v.owner_address, call.to, call.amount)];
          result = word(1n);
        }
      } else if (call.kind === 'read') {
        used = BigInt(SYNTHETIC_ENERGY.read);
        result = call.result;
      } else {
        [ret, used] = ['REVERT', BigInt(SYNTHETIC_ENERGY.revert)];
      }
      if (used > energyLimit) used = energyLimit;
      energyFee = used * price;
      owner.balance -= energyFee;
      tx.contractRet = ret;
      info.contractResult = [result];
      info.contract_address = v.contract_address;
      receipt.energy_usage_total = Number(used);
      if (energyFee > 0n) receipt.energy_fee = Number(energyFee);
      receipt.result = ret;
      if (log.length > 0) info.log = log;
      if (ret !== 'SUCCESS') {
        info.result = 'FAILED';
        info.resMessage = hexText(ret === 'OUT_OF_ENERGY' ? 'Not enough energy' : 'REVERT opcode executed');
      }
      break;
    }
  }
  const fee = plan.total + energyFee;
  if (fee > 0n) info.fee = Number(fee);
  info.receipt = receipt;
  tx.info = info;
}
