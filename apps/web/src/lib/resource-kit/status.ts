import type { TFunction } from 'i18next';
import { type EnumObject, type EnumValue, enumValues } from '@portal/shared';
import { cloudReasonText } from '../format/cloud-reason';
import type { FilterOption, ResourceIdentity } from './definition';

export type StatusTone = 'default' | 'success' | 'warning' | 'error' | 'info';

/** What a status needs of a row: the status, and the change under way when it has one. */
interface StatusRow<S> {
  status: S;
  pendingOperation?: string | null;
  statusReason?: string | null;
}

/**
 * A resource's status as data (`defineStatus`): when the cloud is still working on a row, its
 * words and colour, and how the cloud's reason for a failed change shows beside it.
 */
export interface StatusOptions<T extends StatusRow<EnumValue<E>>, E extends EnumObject> {
  /** The status list (the filter's choices); its words are `enums:<enumKey>.<value>`. */
  values: E;
  enumKey: string;
  /**
   * The statuses the cloud is still working in: with a change under way (`pendingOperation`),
   * the row is busy (a spinner; the page asks again).
   */
  transitional?: ReadonlySet<EnumValue<E>> | ((status: EnumValue<E>) => boolean);
  /** The row failed: red, busy or not. */
  failed?: (row: T) => boolean;
  /** The colour of a row at rest (neither failed nor busy); grey when it gives none. */
  tone?: (row: T) => StatusTone | undefined;
  /** The domain's own words ("in use", "deleting"), given the status list's. */
  text?: (row: T, t: TFunction, statusText: string) => string;
  /**
   * The cloud's reason for the last failed change (`statusReason`): a caption under the chip
   * (test id `<name>-reason-<id>`, red for a failed row, `color` otherwise), or the chip's
   * tooltip while the row is at rest. `text` puts the reason in words of the resource's own.
   */
  reason?: {
    show: 'caption' | 'tooltip';
    color?: string;
    text?: (row: T, reason: string, t: TFunction) => string;
  };
}

/** What busy needs of a row: its status and change under way (a VPC's route table has them too). */
type BusyRow<T> = Pick<T, Extract<keyof T, 'status' | 'pendingOperation'>>;

/** A declared status: what the list, the detail page and the row's own pages ask of it. */
export interface StatusDeclaration<T> {
  /** Test ids: `<name>-status-<id>`, `<name>-reason-<id>`. */
  name: string;
  id: (row: T) => string;
  busy: (row: BusyRow<T>) => boolean;
  failed: (row: T) => boolean;
  text: (row: T, t: TFunction) => string;
  tone: (row: T) => StatusTone;
  /** The cloud's reason in words (null without one), and where it shows. */
  reason?: { show: 'caption' | 'tooltip'; color: string; text: (row: T, t: TFunction) => string | null };
  /** The list's status filter: every value of the status list. */
  options: (t: TFunction) => FilterOption[];
}

/**
 * Declares a resource's status from its identity (test ids) and the rules that are its own; what
 * every status does (busy while a change is under way, red when failed, blue while busy, the
 * status list's words) comes with it.
 */
export function defineStatus<T extends StatusRow<EnumValue<E>>, E extends EnumObject>(
  identity: Pick<ResourceIdentity<T>, 'name' | 'id'>,
  options: StatusOptions<T, E>,
): StatusDeclaration<T> {
  const { values, enumKey, transitional, failed = () => false, tone, text, reason } = options;
  const moving =
    typeof transitional === 'function' ? transitional : (s: EnumValue<E>) => transitional?.has(s) ?? false;
  const busy = (row: BusyRow<T>) => {
    // The two fields of T (a StatusRow), as the smaller rows that have them give them.
    const { status, pendingOperation } = row as unknown as StatusRow<EnumValue<E>>;
    return (pendingOperation ?? null) !== null || moving(status);
  };
  const statusText = (row: T, t: TFunction) => t(`enums:${enumKey}.${String(row.status)}`);
  return {
    name: identity.name,
    id: identity.id,
    busy,
    failed,
    text: text ? (row, t) => text(row, t, statusText(row, t)) : statusText,
    tone: (row) => (failed(row) ? 'error' : busy(row) ? 'info' : (tone?.(row) ?? 'default')),
    reason: reason && {
      show: reason.show,
      color: reason.color ?? 'text.secondary',
      text: (row, t) => {
        if (!row.statusReason) return null;
        const words = cloudReasonText(row.statusReason, t);
        return reason.text ? reason.text(row, words, t) : words;
      },
    },
    options: (t) =>
      enumValues(values).map((v) => ({ value: String(v), label: t(`enums:${enumKey}.${String(v)}`) })),
  };
}
