import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS, type AuditQuery, type AuditRecord, type Language } from '@portal/shared';
import { auditLog, type AuditRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';

export function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    account: row.account,
    viaKey: row.viaKey,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    outcome: row.outcome,
    ip: row.ip,
    detail: row.detail,
  };
}

/** The filters of the list and the export; each matches an index on (client_id, …, at desc). */
function filters(query: Omit<AuditQuery, 'page' | 'limit'>) {
  // The user id is a uuid (the query's schema refuses any other text with 400).
  return and(
    query.userId ? eq(auditLog.userId, query.userId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    // Text columns: an id of any shape is only compared, so one that names nothing finds nothing.
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
  );
}

const ORDER = [desc(auditLog.at), desc(auditLog.id)];

const csvCell = (value: unknown) => {
  const s =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Quote every cell; a leading =, +, - or @ would make a spreadsheet run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The CSV's header row in the caller's language (Accept-Language), as the page that exports it. */
export const CSV_HEADER: Record<Language, string[]> = {
  en: [
    'Time',
    'Account',
    'Via API key',
    'User ID',
    'Action',
    'Resource type',
    'Resource ID',
    'Outcome',
    'IP address',
    'Detail',
  ],
  'zh-TW': [
    '時間',
    '使用者',
    '透過 API 金鑰',
    '使用者 ID',
    '操作',
    '資源類型',
    '資源 ID',
    '結果',
    '位址',
    '詳細內容',
  ],
};

export function createAuditService() {
  return {
    async list(auth: AuthContext, query: AuditQuery) {
      const { rows, total } = await auth.tenant.selectPage(auditLog, {
        where: filters(query),
        orderBy: ORDER,
        page: query.page,
        limit: query.limit,
      });
      return { records: rows.map(toAuditRecord), total, page: query.page, limit: query.limit };
    },

    /** CSV in UTF-8 with a byte-order mark, so that Excel reads the Chinese in it. */
    async exportCsv(auth: AuthContext, query: AuditQuery, lang: Language): Promise<string> {
      const { rows } = await auth.tenant.selectPage(auditLog, {
        where: filters(query),
        orderBy: ORDER,
        page: 0,
        limit: AUDIT_EXPORT_MAX_ROWS,
      });
      const lines = [CSV_HEADER[lang].map(csvCell).join(',')];
      for (const r of rows) {
        lines.push(
          [
            r.at.toISOString(),
            r.account,
            r.viaKey,
            r.userId,
            r.action,
            r.targetType,
            r.targetId,
            r.outcome,
            r.ip,
            r.detail,
          ]
            .map(csvCell)
            .join(','),
        );
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
