// The pages of registration, password recovery and the operations console, keyed by route id and
// loaded as one chunk: every lazy import costs the router chunk (on Home's first load) its own
// preload list, and Home's budget is tight (docs/decisions/0003).
import { lazy } from 'react';

export { default as register } from '../../features/register/register-page';
export { default as registerDone } from '../../features/register/register-done-page';
export { default as registerInfoInput } from '../../features/register/register-info-input-page';
export { default as registerInfoDone } from '../../features/register/register-info-done-page';
export { default as registerQuery } from '../../features/register/register-query-page';
export { default as registerQueryDone } from '../../features/register/register-query-done-page';
export { default as registerQueryResult } from '../../features/register/register-query-result-page';
export { default as forgetPassword } from '../../features/password/forget-password-page';
export { default as forgetPasswordDone } from '../../features/password/forget-password-done-page';
export { default as resetPassword } from '../../features/password/reset-password-page';
export { default as resetPasswordDone } from '../../features/password/reset-password-done-page';
export { default as setPassword } from '../../features/password/set-password-page';
export { default as setPasswordDone } from '../../features/password/set-password-done-page';
export { default as opsLogin } from '../../features/ops/ops-login-page';
export { default as opsApplications } from '../../features/register/ops-applications-page';
export { default as opsApplication } from '../../features/register/ops-application-page';
// The staff lists are the resource kit's, with TanStack Query: chunks of their own, which no
// registration or password page loads.
export const opsAudit = lazy(() => import('../../features/audit/ops-audit-page'));
export const opsTickets = lazy(() => import('../../features/ticket/ops-tickets-page'));
export { default as opsTicket } from '../../features/ticket/ops-ticket-page';
export { default as opsAnnouncements } from '../../features/announcements/ops-announcements-page';
export const opsClients = lazy(() => import('../../features/register/ops-clients-page'));
