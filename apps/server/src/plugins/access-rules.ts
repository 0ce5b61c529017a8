import type { SpaceAction } from '../modules/policy/policy';
import type { Access } from './access';

export const PUBLIC: Access = { auth: 'public' };
export const SIGNED_IN: Access = { auth: 'user' };
export const inSpace = (action: SpaceAction): Access => ({ auth: 'space', action });
