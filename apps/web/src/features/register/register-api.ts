import type {
  EmailCaptchaBody,
  RegistrationDoc,
  RegistrationDraft,
  RegistrationFormState,
  RegistrationInfo,
  RegistrationQueryResult,
} from '@portal/shared';
import { api } from '../../lib/api/api-client';

/** The registration calls (docs/registration-api.md); failures are toasted unless said otherwise. */
export const registerApi = {
  register: (body: EmailCaptchaBody) => api.post<{ email: string }>('/register', body),
  query: (body: EmailCaptchaBody) => api.post<{ email: string }>('/register/query', body),
  /** The page shows an expired link itself, so these report no toast. */
  form: (guid: string) => api.get<RegistrationFormState>(`/register/info/${guid}`, { handleErrors: true }),
  queryResult: (guid: string) =>
    api.get<RegistrationQueryResult>(`/register/query/${guid}`, { handleErrors: true }),
  save: (guid: string, draft: RegistrationDraft) =>
    api.put<RegistrationFormState>(`/register/info/${guid}`, draft),
  submit: (guid: string, info: RegistrationInfo) =>
    api.post<RegistrationFormState>(`/register/info/${guid}/submit`, info),
  upload: (guid: string, doc: RegistrationDoc, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.put<{ name: string; size: number; contentType: string }>(
      `/register/info/${guid}/docs/${doc}`,
      form,
    );
  },
  removeDoc: (guid: string, doc: RegistrationDoc) =>
    api.delete<{ ok: true }>(`/register/info/${guid}/docs/${doc}`),
};
