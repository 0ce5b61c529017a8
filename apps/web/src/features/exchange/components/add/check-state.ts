import type { ExchangeCheckStepResult } from '@keystead/contract/api/exchanges';
import { EXCHANGE_CHECK_STEPS } from '@keystead/contract/states';
import type { ExchangeCheckBody, ExchangeCheckReply } from '../../api/check-exchange';
import { PASSPHRASE_EXCHANGES } from '../passphrase';

/** The add wizard's fields (§3 exchange API input). */
export interface AddExchangeValues {
  exchange?: string;
  api_key?: string;
  secret?: string;
  passphrase?: string;
  api_key_type?: 1 | 2 | 3;
  account_mode?: 'unified' | 'classic';
  ip_whitelist?: boolean;
  name?: string;
  remark?: string;
  viewers?: number[];
}

/** The fields a connectivity check is bound to: any edit of one of them asks for a new test. */
export const CREDENTIAL_FIELDS = [
  'exchange',
  'api_key',
  'secret',
  'passphrase',
  'api_key_type',
  'account_mode',
  'ip_whitelist',
] as const;

/** What the check and the add send of the credentials (a passphrase only where the exchange has one). */
export function checkBody(values: AddExchangeValues): ExchangeCheckBody {
  const exchange = values.exchange ?? '';
  return {
    exchange,
    api_key: (values.api_key ?? '').trim(),
    secret: values.secret ?? '',
    ...(PASSPHRASE_EXCHANGES.includes(exchange) ? { passphrase: values.passphrase ?? '' } : {}),
    api_key_type: values.api_key_type ?? 1,
    account_mode: values.account_mode ?? 'classic',
    ip_whitelist: values.ip_whitelist ?? false,
  };
}

/** One string per distinct input, to tell whether a check was of the input shown now. */
export const inputKey = (body: ExchangeCheckBody) =>
  JSON.stringify([
    body.exchange,
    body.api_key,
    body.secret,
    body.passphrase ?? null,
    body.api_key_type,
    body.account_mode,
    body.ip_whitelist,
  ]);

export type CheckState =
  | { kind: 'idle' }
  | { kind: 'running'; key: string }
  | { kind: 'passed'; key: string; reply: ExchangeCheckReply }
  | {
      kind: 'failed';
      key: string;
      /** null: refused before any step ran (e.g. the plan allows no more exchange accounts). */
      steps: ExchangeCheckStepResult[] | null;
      code: string;
      message: string;
    };

/** The check as it applies to the input now: a check of other input is no check at all. */
export function currentCheck(state: CheckState, key: string): CheckState {
  return state.kind !== 'idle' && state.key !== key ? { kind: 'idle' } : state;
}

export type StepView = 'idle' | 'running' | ExchangeCheckStepResult['status'];

/** Each of the four steps (§4 order) with what the check said of it. */
export function stepViews(state: CheckState) {
  const reported =
    state.kind === 'passed' ? state.reply.steps : state.kind === 'failed' ? (state.steps ?? []) : [];
  return EXCHANGE_CHECK_STEPS.map((step) => {
    const result = reported.find((item) => item.step === step);
    const view: StepView = state.kind === 'running' ? 'running' : (result?.status ?? 'idle');
    return { step, view, code: result?.code ?? null };
  });
}
