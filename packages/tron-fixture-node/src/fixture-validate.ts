// SYNTHETIC: the checks the fixture node runs on a broadcast, in java-tron's order and with its
// response codes and message texts (Wallet.broadcastTransaction, Manager.validateCommon/validateTapos,
// TransactionCapsule.checkWeight, the Transfer/Trigger/AccountPermissionUpdate actuators). Every
// signature is recovered with the independent code in independent.ts.
import { planFees, ownerOf } from './fixture-apply.js';
import { FIXTURE_USDT, MAX_EXPIRATION_MS, defaultPermissions, type FixtureChain } from './fixture-chain.js';
import {
  decodeRawData,
  permissionAllows,
  recoverSigner,
  toBase58,
  type DecodedRawData,
  type PermissionJson,
} from './independent.js';

export type RefusalCode =
  | 'SIGERROR'
  | 'CONTRACT_VALIDATE_ERROR'
  | 'BANDWITH_ERROR'
  | 'DUP_TRANSACTION_ERROR'
  | 'TAPOS_ERROR'
  | 'TRANSACTION_EXPIRATION_ERROR'
  | 'OTHER_ERROR';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
}
export interface Accepted {
  ok: true;
  decoded: DecodedRawData;
}

class Refused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}
const sigError = (m: string) => new Refused('SIGERROR', `validate signature error ${m}`);
const contractError = (m: string) => new Refused('CONTRACT_VALIDATE_ERROR', `contract validate error : ${m}`);

export interface ValidateOptions {
  checkTapos: boolean;
}

export function validateBroadcast(
  chain: FixtureChain,
  txID: string,
  rawDataHex: string,
  signatures: readonly string[],
  options: ValidateOptions,
): Accepted | Refusal {
  try {
    if (chain.txs.has(txID)) throw new Refused('DUP_TRANSACTION_ERROR', 'dup transaction');
    let decoded: DecodedRawData;
    try {
      decoded = decodeRawData(rawDataHex);
    } catch (e) {
      throw contractError(`fixture node cannot read this transaction: ${(e as Error).message}`);
    }
    if (options.checkTapos && !chain.taposMatches(decoded.refBlockBytes, decoded.refBlockHash)) {
      throw new Refused('TAPOS_ERROR', 'Tapos check error');
    }
    const head = chain.head.timestamp;
    if (decoded.expiration <= head || decoded.expiration > head + MAX_EXPIRATION_MS) {
      throw new Refused('TRANSACTION_EXPIRATION_ERROR', 'transaction expired');
    }
    checkSignatures(chain, decoded, txID, signatures);
    checkContract(chain, decoded, rawDataHex, signatures);
    return { ok: true, decoded };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: 'OTHER_ERROR', message: `other error : ${(e as Error).message}` };
  }
}

function checkSignatures(
  chain: FixtureChain,
  d: DecodedRawData,
  txID: string,
  signatures: readonly string[],
) {
  const owner = ownerOf(d);
  const account = chain.account(owner);
  const id = d.contract.permissionId;
  let permission: PermissionJson | undefined;
  if (!account) permission = id === 0 ? defaultPermissions(owner).owner : undefined;
  else permission = id === 0 ? account.owner : account.actives.find((p) => p.id === id);
  if (!permission) throw sigError("permission isn't exit");
  if (id !== 0) {
    if (permission.type !== 'Active') throw sigError('Permission type is error');
    if (!permission.operations || !permissionAllows(permission.operations, d.contract.type)) {
      throw sigError('Permission denied');
    }
  }
  if (signatures.length === 0) throw sigError('miss sig or contract');
  if (signatures.length > permission.keys.length) {
    throw sigError(
      `Signature count is ${signatures.length} more than key counts of permission : ${permission.keys.length}`,
    );
  }
  const weights = new Map(permission.keys.map((k) => [toBase58(k.address), k.weight]));
  const seen = new Set<string>();
  let total = 0;
  for (const sig of signatures) {
    if (sig.length < 130) throw sigError(`Signature size is ${sig.length / 2}`);
    let signer: string;
    try {
      signer = recoverSigner(txID, sig);
    } catch (e) {
      throw sigError((e as Error).message);
    }
    const weight = weights.get(signer) ?? 0;
    if (weight === 0) throw sigError(`${sig} is signed by ${signer} but it is not contained of permission.`);
    if (seen.has(signer)) throw sigError(`${signer} has signed twice!`);
    seen.add(signer);
    total += weight;
  }
  if (total < permission.threshold) throw sigError('sig error');
}

function checkPermissionShape(p: PermissionJson, name: string, expectedType: 'Owner' | 'Active') {
  if ((p.type ?? 'Owner') !== expectedType) throw contractError(`${name} type is error`);
  if (p.keys.length === 0) throw contractError("key's count should be greater than 0");
  if (p.keys.length > 5) throw contractError('number of keys in permission should not be greater than 5');
  if (p.threshold <= 0) throw contractError("permission's threshold should be greater than 0");
  const addresses = new Set(p.keys.map((k) => k.address));
  if (addresses.size !== p.keys.length)
    throw contractError(`address should be distinct in permission ${expectedType}`);
  if (p.keys.some((k) => k.weight <= 0)) throw contractError("key's weight should be greater than 0");
  const sum = p.keys.reduce((s, k) => s + k.weight, 0);
  if (sum < p.threshold) {
    throw contractError(
      `sum of all key's weight should not be less than threshold in permission ${expectedType}`,
    );
  }
  if (expectedType === 'Active' && (p.operations ?? '').length !== 64)
    throw contractError('operations size must 32');
}

function checkContract(
  chain: FixtureChain,
  d: DecodedRawData,
  rawDataHex: string,
  signatures: readonly string[],
) {
  const account = chain.account(ownerOf(d));
  const c = d.contract;
  const plan = planFees(chain, d, rawDataHex, signatures, chain.head.timestamp + 3000);
  switch (c.type) {
    case 'TransferContract': {
      if (!account) throw contractError('Validate TransferContract error, no OwnerAccount.');
      if (c.value.amount <= 0n) throw contractError('Amount must be greater than 0.');
      if (c.value.to_address === c.value.owner_address)
        throw contractError('Cannot transfer TRX to yourself.');
      if (account.balance < c.value.amount + plan.total) {
        throw contractError('Validate TransferContract error, balance is not sufficient.');
      }
      return;
    }
    case 'AccountPermissionUpdateContract': {
      if (!account) throw contractError('ownerAddress account does not exist');
      if (c.value.witness) throw contractError('account is not a witness');
      checkPermissionShape(c.value.owner, 'owner permission', 'Owner');
      if (c.value.actives.length === 0) throw contractError('active permission is missed');
      if (c.value.actives.length > 8) throw contractError('active permission is too many');
      c.value.actives.forEach((a) => checkPermissionShape(a, 'active permission', 'Active'));
      if (account.balance < plan.total)
        throw contractError('Validate AccountPermissionUpdateContract error, balance is not sufficient');
      return;
    }
    case 'TriggerSmartContract': {
      if (!account) throw contractError('Validate TriggerSmartContract error, no OwnerAccount.');
      if (c.value.contract_address !== FIXTURE_USDT)
        throw contractError('No contract or not a smart contract');
      if (c.value.call_value !== 0n || c.value.call_token_value !== 0n) {
        throw contractError('fixture node: call_value / call_token_value are not supported');
      }
      const maxFeeLimit = chain.param('getMaxFeeLimit');
      if (d.feeLimit < 0 || d.feeLimit > maxFeeLimit)
        throw contractError(`feeLimit must be >= 0 and <= ${maxFeeLimit}`);
      if (account.balance < plan.total)
        throw new Refused('BANDWITH_ERROR', 'AccountResourceInsufficient error');
      return;
    }
  }
}
