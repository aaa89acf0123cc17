import type { EmailCaptchaBody, NewPasswordBody } from '@portal/shared';
import { api } from '../../lib/api/api-client';

export type LinkKind = 'reset' | 'set';

/** Password recovery and first password (docs/registration-api.md). */
export const passwordApi = {
  forget: (body: EmailCaptchaBody) => api.post<{ email: string }>('/password/forget', body),
  /** Whether a mailed link still works; the page shows a dead link itself. */
  check: (kind: LinkKind, guid: string) =>
    api.get<{ email: string }>(`/password/${kind}/${guid}`, { handleErrors: true }),
  save: (kind: LinkKind, guid: string, body: NewPasswordBody) =>
    api.post<{ ok: true }>(`/password/${kind}/${guid}`, body),
};
