/**
 * The IAM and audit-log pages in one lazy chunk: four separate chunks cost the Home entry 0.5 KB
 * gzip of preload lists (decision 0003), one costs a fraction; whoever opens one of these pages
 * is likely to open the others.
 */
export { default as IamListPage } from '../../features/iam/iam-list-page';
export { default as IamCreatePage } from '../../features/iam/iam-create-page';
export { default as IamEditPage } from '../../features/iam/iam-edit-page';
export { default as AuditLogPage } from '../../features/audit/audit-log-page';
