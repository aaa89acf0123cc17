import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toI18nKey } from '../../lib/i18n/message-key';

/**
 * Translates a field error whose message is a shared validator key (validation.needBePassword,
 * console.pageUpsertIAM.confirmPasswordNotMatch). `values` are the rule's limits for the message.
 */
export function useFieldMessage() {
  const { t } = useTranslation('validation');
  return (error: FieldError | undefined, values?: Record<string, string | number>): string | undefined =>
    error?.message ? t(toI18nKey(error.message), values) : undefined;
}
