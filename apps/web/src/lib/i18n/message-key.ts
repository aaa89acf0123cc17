/**
 * Message keys travel as "namespace.key.path" (validation.needBeFormat.Email, apiError.LOGIN_ERROR,
 * menu.dashboard): the shared validators and the server speak that form. i18next wants
 * "namespace:key.path"; this converts the first dot.
 */
export function toI18nKey(messageKey: string): string {
  const dot = messageKey.indexOf('.');
  return dot < 0 ? messageKey : `${messageKey.slice(0, dot)}:${messageKey.slice(dot + 1)}`;
}

export function namespaceOf(messageKey: string): string | undefined {
  const dot = messageKey.indexOf('.');
  return dot < 0 ? undefined : messageKey.slice(0, dot);
}
