import type {
  OpsApplication,
  OpsApplicationSummary,
  OpsDocumentViewLink,
  RegisterState,
  RegistrationDoc,
} from '@portal/shared';
import { opsBlob, opsCall } from '../ops';

/** The staff's review of registration applications. */
export const opsApplicationsApi = {
  list: (state?: RegisterState) =>
    opsCall<OpsApplicationSummary[]>('GET', '/applications', { query: { state } }),
  get: (id: string) => opsCall<OpsApplication>('GET', `/applications/${id}`),
  approve: (id: string) => opsCall<{ clientNumber: string }>('POST', `/applications/${id}/approve`),
  deny: (id: string, reason: string) =>
    opsCall<{ ok: true }>('POST', `/applications/${id}/deny`, { body: { reason } }),
  /** Mail the root user a fresh set-password link; the older ones stop working. */
  setPasswordLink: (id: string) =>
    opsCall<{ email: string; expiresAt: string }>('POST', `/applications/${id}/set-password-link`),
  /** A one-minute address that shows a document in a tab of its own (PDFs). */
  viewLink: (id: string, doc: RegistrationDoc) =>
    opsCall<OpsDocumentViewLink>('POST', `/applications/${id}/docs/${doc}/view-link`),
  /** A document as a blob URL: the file is private, so it is fetched with the staff session. */
  async docUrl(id: string, doc: RegistrationDoc): Promise<string> {
    return URL.createObjectURL(await opsBlob(`/applications/${id}/docs/${doc}`));
  },
};
