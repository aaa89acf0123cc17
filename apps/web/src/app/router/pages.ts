import type { ComponentType } from 'react';
import type * as IamAuditPages from './iam-audit-pages';
import { ROUTES } from '@portal/shared';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** A page that uses TanStack Query: it arrives wrapped in the query client. */
const withQueries =
  (load: PageLoader): PageLoader =>
  async () => {
    const [page, { withQueryClient }] = await Promise.all([load(), import('../../lib/with-query-client')]);
    return { default: withQueryClient(page.default) };
  };

/** The legal and information pages: one chunk, the page picks its words by its path. */
const legalPage: PageLoader = () => import('../../features/legal/legal-page');

/** Registration, password and operations pages: one chunk, the route table's groups name them. */
const accountPages = () => import('./account-pages') as Promise<Record<string, ComponentType>>;
const ACCOUNT_PAGES: Record<string, PageLoader> = Object.fromEntries(
  ROUTES.filter((r) => ['register', 'forgetPassword', 'setPassword', 'ops'].includes(r.group)).map((r) => [
    r.id,
    async () => ({ default: (await accountPages())[r.id] as ComponentType }),
  ]),
);

/** A page of the shared IAM and audit-log chunk (one import site keeps the Home entry small). */
const iamAuditPage =
  (name: keyof typeof IamAuditPages): PageLoader =>
  async () => ({ default: (await import('./iam-audit-pages'))[name] });

/**
 * The pages written so far, by route id. Every other route of the shared table renders the
 * work-in-progress page until its feature lands. Console pages get the query client from their
 * layout; portal pages that use queries are wrapped with `withQueries`.
 */
export const PAGES: Record<string, PageLoader> = {
  home: () => import('../../features/home/home-page'),
  login: withQueries(() => import('../../features/login/login-page')),
  webMap: withQueries(() => import('../../features/site-map/site-map-page')),
  cookiePolicy: () => import('../../features/cookie-policy/cookie-policy-page'),
  product: withQueries(() => import('../../features/products/product-page')),
  lastestNews: withQueries(() => import('../../features/news/news-list-page')),
  news: withQueries(() => import('../../features/news/news-item-page')),
  privacyRightDeclare: legalPage,
  personalProfileProtect: legalPage,
  fraudPrevent: legalPage,
  copyrightDeclare: legalPage,
  cloudDeclare: legalPage,
  myInfo: () => import('../../features/my-info/my-info-page'),
  dashboard: () => import('../../features/dashboard/dashboard-page'),
  doing: () => import('../../features/doing/doing-page'),
  ...ACCOUNT_PAGES,
  iam: iamAuditPage('IamListPage'),
  createIAM: iamAuditPage('IamCreatePage'),
  editIAM: iamAuditPage('IamEditPage'),
  auditLog: iamAuditPage('AuditLogPage'),
};
