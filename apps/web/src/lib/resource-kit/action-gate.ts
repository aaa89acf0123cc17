import type { ErrorCode } from '@portal/shared';
import type { ActionAuthority, KitAction } from './definition';

/**
 * Whether an action shows for a row, and whether it may run. Without its authority it is not
 * shown at all (a read-only user never meets a button that does nothing); when the shared rule
 * refuses, it shows disabled with the rule's code, whose `apiError.*` message says why.
 */
export type ActionState =
  | { visible: false }
  | { visible: true; enabled: true }
  | { visible: true; enabled: false; reason: ErrorCode };

export function actionState<T>(
  action: KitAction<T>,
  row: T,
  can: (authority: ActionAuthority) => boolean,
  manage: ActionAuthority,
): ActionState {
  if (!can(action.authority ?? manage)) return { visible: false };
  const allowed = action.allowed ? action.allowed(row) : true;
  return allowed === true
    ? { visible: true, enabled: true }
    : { visible: true, enabled: false, reason: allowed };
}

/** The message key of a refusal. */
export const reasonKey = (code: string) => `apiError.${code}`;
