import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import KeyOff from '@mui/icons-material/KeyOff';
import type { TFunction } from 'i18next';
import type { ApiKey } from '@portal/shared';
import { dateColumn } from '../../components/resource-kit/date-column';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import { leafKey } from '../../lib/permissions/leaf-key';
import type { ListDefinition } from '../../lib/resource-kit/definition';
import { API_KEYS, revokeApiKey } from './api-key-api';

const mono = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' } as const;

/** What a key may do, in words: everything its user may, or its grants, each seen or changed. */
export function scopeText(key: ApiKey, t: TFunction): string {
  if (key.scope === null) return t('apiKey:values.everything');
  return key.scope
    .map((g) =>
      t('apiKey:values.grant', { leaf: t(`roles:${leafKey(g.leaf)}`), level: t(`roles:levels.${g.level}`) }),
    )
    .join(', ');
}

/** Past its end: the server refuses it, and the list says so beside the date. */
export const isExpired = (key: ApiKey, now = Date.now()) => Date.parse(key.expiresAt) <= now;

function Expires({ apiKey, language, t }: { apiKey: ApiKey; language: string; t: TFunction }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {formatDateTime(apiKey.expiresAt, language)}
      {isExpired(apiKey) && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={t('apiKey:values.expired')}
          data-testid={`api-key-expired-${apiKey.id}`}
        />
      )}
    </Box>
  );
}

/** When and from where the key was last used, or "never". */
function lastUsedText(key: ApiKey, language: string, t: TFunction): string {
  if (!key.lastUsedAt) return t('apiKey:values.never');
  const at = formatDateTime(key.lastUsedAt, language);
  return key.lastUsedIp ? t('apiKey:values.usedFrom', { at, ip: key.lastUsedIp }) : at;
}

/**
 * The user's own API keys as the kit's list (route apiKeys): the name with, below 1,200 px, the
 * facts the hidden columns showed; the key's first characters, what it may do, its dates, its last
 * use; revoke after a confirmation. Every signed-in user may revoke their own keys.
 */
export const apiKeyList: ListDefinition<ApiKey> = {
  name: 'api-key',
  namespace: 'apiKey',
  base: API_KEYS,
  id: (k) => k.id,
  title: (k) => k.name,
  authority: { manage: undefined },
  selectable: false,
  rowAttributes: (k) => ({ 'data-testid': `api-key-row-${k.id}` }),
  columns: [
    nameColumn<ApiKey>({
      id: 'name',
      nowrap: true,
      name: (k) => k.name,
      nameTestId: (k) => `api-key-name-${k.id}`,
      caption: (k, { compact, phone, language, t }) =>
        Boolean(compact) && [
          `${t('apiKey:fields.createdAt')} ${formatDateTime(k.createdAt, language)}`,
          phone && `${t('apiKey:fields.expiresAt')} ${formatDateTime(k.expiresAt, language)}`,
          `${t('apiKey:fields.lastUsed')} ${lastUsedText(k, language, t)}`,
        ],
      below: (k, { phone, t }) =>
        phone && (
          <>
            <Typography sx={mono}>{k.prefix}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {scopeText(k, t)}
            </Typography>
            {isExpired(k) && (
              <Chip size="small" color="error" variant="outlined" label={t('apiKey:values.expired')} />
            )}
          </>
        ),
    }),
    {
      id: 'prefix',
      cell: (k) => (
        <Typography sx={mono} data-testid={`api-key-prefix-${k.id}`}>
          {k.prefix}
        </Typography>
      ),
    },
    {
      id: 'scope',
      cell: (k, { t }) => (
        <Box sx={{ minWidth: 160 }} data-testid={`api-key-scope-${k.id}`}>
          {scopeText(k, t)}
        </Box>
      ),
      text: (k, { t }) => scopeText(k, t),
    },
    dateColumn<ApiKey>('createdAt', { sortable: false, from: 'lg' }),
    dateColumn<ApiKey>('expiresAt', {
      sortable: false,
      cell: (k, { language, t }) => <Expires apiKey={k} language={language} t={t} />,
    }),
    {
      id: 'lastUsed',
      from: 'lg',
      cell: (k, { language, t }) => (
        <Box data-testid={`api-key-last-used-${k.id}`}>{lastUsedText(k, language, t)}</Box>
      ),
    },
  ],
  actions: [
    {
      id: 'revoke',
      icon: <KeyOff fontSize="small" />,
      confirm: 'confirm',
      destructive: true,
      primary: true,
      run: (k, _input, options) => revokeApiKey(k, options),
    },
  ],
};
