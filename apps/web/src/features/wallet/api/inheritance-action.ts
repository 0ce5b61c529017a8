import type { InheritanceInfo } from '@keystead/contract/api/inheritance';
import type { InheritanceAction } from '@keystead/contract/states';
import { api, V1 } from '@/lib/api-client';

export interface InheritanceActionBody {
  wallet_id: number;
  action: InheritanceAction;
  /** open, add_inheritor, change_inheritor: the member named heir. */
  heir_user_id?: number;
  /** accept: one of the heir's own verified EVM addresses. */
  heir_address?: string;
  /** apply: the heir's e-mailed code (purpose family_succession). */
  email_code?: string;
}

/** POST /wallets/inheritance: one inheritance action; replies with the plan as it now stands. */
export const inheritanceAction = (body: InheritanceActionBody) =>
  api.post<InheritanceInfo>(`${V1}/wallets/inheritance`, body);
