import type { ComponentType } from 'react';
import type * as IamAuditPages from './iam-audit-pages';
import { ROUTES } from '@portal/shared';
import { type PageLoader, type PageLoaders, withTexts } from './lazy-page';
import { resourcePages } from './resource-pages';

/** A page that uses TanStack Query: it arrives wrapped in the query client. */
const withQueries =
  (load: PageLoader): PageLoader =>
  async () => {
    const [page, { withQueryClient }] = await Promise.all([load(), import('../../lib/with-query-client')]);
    return { default: withQueryClient(page.default) };
  };

/** The legal and information pages: one chunk, the page picks its words by its path. */
const legalPage = (id: string) => withTexts([id], () => import('../../features/legal/legal-page'));

/** Registration, password and operations pages: one chunk, the route table's groups name them. */
const accountPages = () => import('./account-pages') as Promise<Record<string, ComponentType>>;
const ACCOUNT_TEXTS: Record<string, string[]> = {
  register: ['register', 'enums', 'captcha', 'validation'],
  forgetPassword: ['password', 'captcha', 'validation'],
  setPassword: ['password', 'validation'],
  // The staff lists are the resource kit's (its words; their pages ask through TanStack Query).
  ops: ['ops', 'register', 'enums', 'ticket', 'apiError', 'validation', 'resource'],
};
const accountPage =
  (id: string): PageLoader =>
  async () => ({
    default: (await accountPages())[id] as ComponentType,
  });
const ACCOUNT_PAGES: PageLoaders = Object.fromEntries(
  ROUTES.filter((r) => r.group in ACCOUNT_TEXTS).map((r) => [
    r.id,
    withTexts(
      ACCOUNT_TEXTS[r.group] ?? [],
      r.group === 'ops' ? withQueries(accountPage(r.id)) : accountPage(r.id),
    ),
  ]),
);

/** A page of the shared IAM and audit-log chunk (one import site keeps the Home entry small). */
const iamAuditPage = (name: keyof typeof IamAuditPages): PageLoader =>
  // The audit log names roles, disk types and error messages in its details (audit-detail.ts).
  withTexts(
    // Both lists select rows with the resource kit's bar and its progress of a bulk run.
    name === 'AuditLogPage'
      ? ['audit', 'roles', 'enums', 'apiError', 'resource']
      : ['iam', 'roles', 'validation', 'resource', 'apiError'],
    async () => ({
      default: (await import('./iam-audit-pages'))[name],
    }),
  );

/** The order pages: statuses and types are enums, refusals apiError, prices the resource kit's words. */
const ORDER_TEXTS = ['order', 'enums', 'apiError', 'resource', 'validation'];

const DOING = withTexts(['doing'], () => import('../../features/doing/doing-page'));

/** The metrics pages (route group usage, log code 10021): one chunk each, the charts a chunk of their own. */
const METRICS_TEXTS = ['metrics', 'enums', 'apiError'];

/**
 * The pages written so far, by route id. Every other route of the shared table renders the
 * work-in-progress page until its feature lands. Console pages get the query client from their
 * layout; portal pages that use queries are wrapped with `withQueries`.
 */
export const PAGES: PageLoaders = {
  home: withTexts(['home'], () => import('../../features/home/home-page')),
  login: withTexts(
    ['login', 'validation'],
    withQueries(() => import('../../features/login/login-page')),
  ),
  webMap: withTexts(
    ['siteMap'],
    withQueries(() => import('../../features/site-map/site-map-page')),
  ),
  cookiePolicy: withTexts(['cookiePolicy'], () => import('../../features/cookie-policy/cookie-policy-page')),
  product: withTexts(
    ['products'],
    withQueries(() => import('../../features/products/product-page')),
  ),
  lastestNews: withTexts(
    ['news'],
    withQueries(() => import('../../features/news/news-list-page')),
  ),
  news: withTexts(
    ['news'],
    withQueries(() => import('../../features/news/news-item-page')),
  ),
  privacyRightDeclare: legalPage('privacyRightDeclare'),
  personalProfileProtect: legalPage('personalProfileProtect'),
  fraudPrevent: legalPage('fraudPrevent'),
  copyrightDeclare: legalPage('copyrightDeclare'),
  cloudDeclare: legalPage('cloudDeclare'),
  myInfo: withTexts(['myInfo', 'validation'], () => import('../../features/my-info/my-info-page')),
  // The user's own API keys: the kit's list and dialogs, the leaves' names from the roles.
  apiKeys: withTexts(
    ['apiKey', 'roles', 'resource', 'validation', 'apiError'],
    () => import('../../features/api-key/api-keys-page'),
  ),
  dashboard: withTexts(['dashboard', 'menu'], () => import('../../features/dashboard/dashboard-page')),
  doing: DOING,
  ...ACCOUNT_PAGES,
  ...resourcePages(DOING),
  iam: iamAuditPage('IamListPage'),
  createIAM: iamAuditPage('IamCreatePage'),
  editIAM: iamAuditPage('IamEditPage'),
  auditLog: iamAuditPage('AuditLogPage'),
  singleVM: withTexts(METRICS_TEXTS, () => import('../../features/metrics/single-vm-page')),
  singleVMDetail: withTexts(METRICS_TEXTS, () => import('../../features/metrics/single-vm-detail-page')),
  totalUsage: withTexts(METRICS_TEXTS, () => import('../../features/metrics/total-usage-page')),
  purchaseCCIS: withTexts(
    ['ccis', 'resource', 'apiError', 'validation'],
    () => import('../../features/ccis/ccis-page'),
  ),
  orderManage: withTexts(ORDER_TEXTS, () => import('../../features/order/order-manage-page')),
  orderCreate: withTexts(ORDER_TEXTS, () => import('../../features/order/order-create-page')),
  orderHistory: withTexts(ORDER_TEXTS, () => import('../../features/order/order-history-page')),
  usageReport: withTexts(['usage', 'resource'], () => import('../../features/usage/usage-report-page')),
  valuation: withTexts(['valuation', 'usage'], () => import('../../features/valuation/valuation-page')),
};
