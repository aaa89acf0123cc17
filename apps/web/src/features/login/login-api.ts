import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@portal/shared';
import { api } from '../../lib/api/api-client';

interface TokenResult {
  token: string;
}

/** Sign-in calls of docs/auth-api.md; failures are toasted by the api client. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => api.post<LoginResult>('/auth/login', body) });
}

export function useVerifyTwoFa() {
  return useMutation({
    mutationFn: (body: { challenge: string; tfa_code: string }) =>
      api.post<TokenResult>('/auth/2fa/verify', body),
  });
}

export function useResendTwoFa() {
  return useMutation({
    mutationFn: (challenge: string) => api.post<{ email: string }>('/auth/2fa/resend', { challenge }),
  });
}
