// SYNTHETIC: the fixture node's read methods (server_info, server_state, fee, ledger*, account_info,
// account_objects, account_lines) in rippled's API v1 reply shapes. Every value comes from the
// fixture's in-memory ledger; nothing here is a real server's state.
import type { FixtureLedger } from './fixture-ledger.js';
import {
  accountFlagsJson,
  accountLineJson,
  accountRootJson,
  ledgerHeaderJson,
  rippleStateJson,
  signerListJson,
  txWithLedgerFields,
} from './fixture-replies.js';
import {
  accountParam,
  flag,
  ledgerView,
  rpcError,
  viewFields,
  type Json,
  type Params,
} from './fixture-rpc.js';

export type Method = (p: Params) => Json;

const xrp = (drops: bigint) => Number(drops) / 1_000_000;

export function readMethods(fixture: FixtureLedger): Record<string, Method> {
  const { baseFee, reserveBase, reserveInc } = fixture.fees;
  const completeLedgers = () => `${fixture.startLedger}-${fixture.validated.index}`;
  const parentCloseTime = (index: number) => fixture.ledger(index - 1)?.closeTime ?? 0;

  const accountRoot = (p: Params) => {
    const account = accountParam(p);
    const view = ledgerView(fixture, p);
    const root = view.state.accounts.get(account);
    if (!root) throw rpcError('actNotFound', undefined, { account, ...viewFields(view) });
    return { account, view, root };
  };

  return {
    ping: () => ({}),
    server_info: () => ({
      info: {
        build_version: 'xrpl-fixture-node',
        complete_ledgers: completeLedgers(),
        hostid: 'XRPL-FIXTURE',
        io_latency_ms: 1,
        last_close: { converge_time_s: 2, proposers: 0 },
        load_factor: 1,
        peers: 0,
        server_state: 'full',
        uptime: fixture.closed.length,
        validated_ledger: {
          age: 0,
          base_fee_xrp: xrp(baseFee),
          hash: fixture.validated.hash,
          reserve_base_xrp: xrp(reserveBase),
          reserve_inc_xrp: xrp(reserveInc),
          seq: fixture.validated.index,
        },
        validation_quorum: 1,
      },
    }),
    server_state: () => ({
      state: {
        build_version: 'xrpl-fixture-node',
        complete_ledgers: completeLedgers(),
        load_base: 256,
        load_factor: 256,
        peers: 0,
        server_state: 'full',
        validated_ledger: {
          base_fee: Number(baseFee),
          close_time: fixture.validated.closeTime,
          hash: fixture.validated.hash,
          reserve_base: Number(reserveBase),
          reserve_inc: Number(reserveInc),
          seq: fixture.validated.index,
        },
        validation_quorum: 1,
      },
    }),
    fee: () => ({
      current_ledger_size: String(fixture.openTxs.length),
      current_queue_size: '0',
      drops: {
        base_fee: String(baseFee),
        median_fee: String(baseFee * 500n),
        minimum_fee: String(baseFee),
        open_ledger_fee: String(baseFee),
      },
      expected_ledger_size: '1000',
      ledger_current_index: fixture.openIndex,
      levels: {
        median_level: '128000',
        minimum_level: '256',
        open_ledger_level: '256',
        reference_level: '256',
      },
      max_queue_size: '20000',
    }),
    ledger_current: () => ({ ledger_current_index: fixture.openIndex }),
    ledger_closed: () => ({ ledger_hash: fixture.validated.hash, ledger_index: fixture.validated.index }),
    ledger: (p) => {
      const view = ledgerView(fixture, p);
      if (view.current) {
        const ledger = {
          closed: false,
          ledger_index: String(view.index),
          parent_close_time: fixture.validated.closeTime,
          parent_hash: view.parentHash,
        };
        return { ledger, ...viewFields(view) };
      }
      const ledger: Json = ledgerHeaderJson(view.ledger, parentCloseTime(view.ledger.index));
      if (flag(p.transactions)) {
        ledger.transactions = view.ledger.txs.map((t) =>
          flag(p.expand) ? { ...txWithLedgerFields(fixture, t), metaData: t.meta } : t.hash,
        );
      }
      return { ledger, ...viewFields(view) };
    },
    account_info: (p) => {
      const { view, root } = accountRoot(p);
      const account_data = accountRootJson(root);
      if (flag(p.signer_lists)) {
        const list = view.state.signerLists.get(root.account);
        account_data.signer_lists = list ? [signerListJson(list)] : [];
      }
      return { account_data, account_flags: accountFlagsJson(root.flags), ...viewFields(view) };
    },
    account_objects: (p) => {
      const { account, view } = accountRoot(p);
      const objects: Json[] = [];
      const list = view.state.signerLists.get(account);
      if (list && (p.type === undefined || p.type === 'signer_list')) objects.push(signerListJson(list));
      if (p.type === undefined || p.type === 'state') {
        for (const line of view.state.lines.values()) {
          if (line.holder === account || line.issuer === account) objects.push(rippleStateJson(line));
        }
      }
      return { account, account_objects: objects, ...viewFields(view) };
    },
    account_lines: (p) => {
      const { account, view } = accountRoot(p);
      const peer = p.peer === undefined ? undefined : accountParam(p, 'peer');
      const lines = [...view.state.lines.values()]
        .filter((l) => l.holder === account || l.issuer === account)
        .filter((l) => peer === undefined || l.holder === peer || l.issuer === peer)
        .map((l) => accountLineJson(l, account));
      return { account, lines, ...viewFields(view) };
    },
  };
}
