import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@portal/shared';
import { api } from '../../lib/api/api-client';

interface TokenResult {
  token: string;
}

/**
 * Sign-in calls of docs/auth-api.md. Their failures are the page's to report (reportSignInError):
 * a two-factor lock is shown on the page, anything else is toasted as the api client would.
 */
const OWN_ERRORS = { handleErrors: true };

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResult>('/auth/login', body, OWN_ERRORS),
  });
}

export function useVerifyTwoFa() {
  return useMutation({
    mutationFn: (body: { challenge: string; tfa_code: string }) =>
      api.post<TokenResult>('/auth/2fa/verify', body, OWN_ERRORS),
  });
}

export function useResendTwoFa() {
  return useMutation({
    mutationFn: (challenge: string) =>
      api.post<{ email: string }>('/auth/2fa/resend', { challenge }, OWN_ERRORS),
  });
}
