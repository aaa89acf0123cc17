import type { TFunction } from 'i18next';

/** The namespaces an audit record's detail is translated from. */
export const AUDIT_DETAIL_NAMESPACES = ['audit', 'roles', 'enums', 'apiError'] as const;

type Format = (value: unknown, t: TFunction) => string | undefined;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A role id ("computeOperator") by its name in the reader's language. */
const roleName: Format = (id, t) => t(`roles:names.${text(id)}`, { defaultValue: text(id) });

/** An error or refusal code ("LOGIN_ERROR") by the message the user was shown. */
const errorMessage: Format = (code, t) => t(`apiError:${text(code)}`, { defaultValue: text(code) });

const diskSpeed: Format = (speed, t) => t(`enums:diskSpeed.${text(speed)}`, { defaultValue: text(speed) });

const list =
  (format: Format): Format =>
  (value, t) =>
    Array.isArray(value) ? value.map((item) => format(item, t)).join(', ') : format(value, t);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Keys whose values are internal ids or codes, each with how a person reads it. */
const VALUES: Record<string, Format> = {
  roles: list(roleName),
  reason: errorMessage,
  error: errorMessage,
  diskSpeed,
  rootDiskSpeed: diskSpeed,
  type: (type, t) => t(`audit:resourceTypes.${text(type)}`, { defaultValue: text(type) }),
  dataDisks: list((disk, t) => {
    const { diskSize, diskSpeed: speed } = record(disk);
    return `${text(diskSize)} GB ${diskSpeed(speed, t) ?? ''}`.trim();
  }),
  tags: list((tag) => {
    const { key, value } = record(tag);
    return value ? `${text(key)}=${text(value)}` : text(key);
  }),
};

/** Switches: on or off rather than yes or no. */
const SWITCH = /^(enable|twoFa$|isAutoAssign)/;

function valueText(key: string, value: unknown, t: TFunction): string {
  const known = VALUES[key];
  if (known) return known(value, t) ?? '';
  if (typeof value === 'boolean') {
    const word = SWITCH.test(key) ? (value ? 'on' : 'off') : value ? 'yes' : 'no';
    return t(`audit:values.${word}`);
  }
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, t)).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * A record's detail as compact "name: value · name: value" text in the reader's language: known
 * keys by their label, role ids by their names, codes by their messages, switches as on or off.
 * Unknown keys and free text (names, addresses) are shown as they are. Secrets never reach it
 * (the server strips them).
 */
export function auditDetailText(detail: Record<string, unknown>, t: TFunction): string {
  return Object.entries(detail)
    .map(([key, value]) =>
      t('audit:detailPair', {
        name: t(`audit:detailKeys.${key}`, { defaultValue: key }),
        value: valueText(key, value, t),
      }),
    )
    .join(' · ');
}
