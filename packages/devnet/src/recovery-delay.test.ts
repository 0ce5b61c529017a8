// The RecoveryDelay artifact against the published Zodiac interface: every function and event of
// the Delay modifier's ABI in @gnosis.pm/zodiac (the npm package's dist/cjs/abi/Delay.json) is in
// ours with the same selector or topic, the same indexed arguments and the same outputs; and the
// ModuleProxyFactory compiled from that package's source has the package's published ABI.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  toEventSelector,
  toEventSignature,
  toFunctionSelector,
  toFunctionSignature,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { devnetAbi } from './abi';
import factoryJson from './artifacts/module-proxy-factory.json';
import delayJson from './artifacts/recovery-delay.json';

type AbiItem = {
  type: string;
  name?: string;
  inputs?: readonly AbiParameter[];
  outputs?: readonly AbiParameter[];
};

/** A published ABI of @gnosis.pm/zodiac (its package exports only its index: found on disk). */
function zodiacAbi(name: string): AbiItem[] {
  for (let at = dirname(fileURLToPath(import.meta.url)); ; at = dirname(at)) {
    const file = join(at, 'node_modules', '@gnosis.pm', 'zodiac', 'dist', 'cjs', 'abi', `${name}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as AbiItem[];
    if (dirname(at) === at) throw new Error('@gnosis.pm/zodiac is not installed (npm ci)');
  }
}

const text = (item: AbiItem) =>
  item.type === 'event'
    ? toEventSignature(item as unknown as AbiEvent)
    : toFunctionSignature(item as unknown as AbiFunction);
const signature = (item: AbiItem) =>
  item.type === 'event'
    ? toEventSelector(item as unknown as AbiEvent)
    : toFunctionSelector(item as unknown as AbiFunction);
const shape = (item: AbiItem) => ({
  indexed: (item.inputs ?? []).map((i) => Boolean((i as { indexed?: boolean }).indexed)),
  outputs: (item.outputs ?? []).map((o) => o.type),
});
const bySignature = (abi: readonly AbiItem[]) =>
  new Map(abi.filter((i) => i.type === 'function' || i.type === 'event').map((i) => [signature(i), i]));

/** What of `published` is missing from `ours`, or differs in indexing or outputs. */
function missing(published: AbiItem[], ours: readonly AbiItem[]): string[] {
  const mine = bySignature(ours);
  const problems: string[] = [];
  for (const [selector, item] of bySignature(published)) {
    const found = mine.get(selector);
    if (!found) problems.push(`missing ${item.type} ${text(item)} (${selector})`);
    else if (JSON.stringify(shape(found)) !== JSON.stringify(shape(item))) {
      problems.push(`differs ${item.type} ${text(item)}`);
    }
  }
  return problems;
}

describe('RecoveryDelay: the Zodiac Delay interface', () => {
  const published = zodiacAbi('Delay');
  const ours = devnetAbi.recoveryDelay as unknown as readonly AbiItem[];

  it('has every function and event of the published Delay ABI, with the same selectors', () => {
    const functions = published.filter((i) => i.type === 'function');
    const events = published.filter((i) => i.type === 'event');
    expect(functions.length).toBeGreaterThan(30);
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(['DelaySetup', 'TransactionAdded']));
    expect(missing(published, ours)).toEqual([]);
    // The same constructor (owner, avatar, target, cooldown, expiration) as the mastercopy's.
    const ctor = (abi: readonly AbiItem[]) =>
      abi.find((i) => i.type === 'constructor')?.inputs?.map((i) => i.type);
    expect(ctor(ours)).toEqual(ctor(published));
  });

  it('the check sees a missing function or a changed event', () => {
    const withoutSkip = ours.filter((i) => i.name !== 'skipExpired');
    expect(missing(published, withoutSkip)).toEqual([
      expect.stringMatching(/^missing function skipExpired\(\)/),
    ]);
    const unindexed = ours.map((i) =>
      i.name === 'TransactionAdded' ? { ...i, inputs: i.inputs!.map((p) => ({ ...p, indexed: false })) } : i,
    );
    expect(missing(published, unindexed)).toEqual([expect.stringMatching(/^differs event TransactionAdded/)]);
  });

  it('has the events for cooldown, expiration and nonce changes', () => {
    const names = ours.filter((i) => i.type === 'event').map(text);
    expect(names).toEqual(
      expect.arrayContaining(['TxCooldownSet(uint256)', 'TxExpirationSet(uint256)', 'TxNonceSet(uint256)']),
    );
  });

  it('ModuleProxyFactory: the published ABI, compiled from the package source', () => {
    expect(
      missing(zodiacAbi('ModuleProxyFactory'), devnetAbi.moduleProxyFactory as unknown as readonly AbiItem[]),
    ).toEqual([]);
    expect(factoryJson.sourceName).toBe('@gnosis.pm/zodiac/contracts/factory/ModuleProxyFactory.sol');
    expect(factoryJson.sourcePackage).toMatch(/^@gnosis\.pm\/zodiac@4\./);
    // Artifacts and generated ABI modules agree (regenerated together).
    expect(factoryJson.abi).toEqual(devnetAbi.moduleProxyFactory);
    expect(delayJson.abi).toEqual(devnetAbi.recoveryDelay);
  });
});
