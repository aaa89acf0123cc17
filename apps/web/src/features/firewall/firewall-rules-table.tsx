import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { type FirewallRule, FwrOperate } from '@portal/shared';

/**
 * A firewall's rules, read-only, in the order the cloud applies them (the VM's security tab): a
 * table, or on a phone a numbered list of one line per rule.
 * Texts: the `firewall` namespace's `fields.*` and the enums' labels.
 */
export function FirewallRulesTable({ rules, testId }: { rules: FirewallRule[]; testId?: string }) {
  const { t } = useTranslation(['firewall', 'enums']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (rules.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('rules.none')}
      </Typography>
    );
  if (phone)
    return (
      <Box component="ol" data-testid={testId} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {rules.map((r) => (
          <li key={r.fwRuleUuid}>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {[
                t(`enums:fwrDirection.${r.fwrDirection}`),
                t(`enums:fwrIpVer.${r.fwrIpVer}`),
                `${t(`enums:fwrType.${r.fwrType}`)} ${r.fwrPort}`,
                r.cidrDest,
              ].join(' · ')}{' '}
              <Box
                component="span"
                sx={{
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                  color: r.fwrOperate === FwrOperate.DENY ? 'error.main' : 'success.main',
                }}
              >
                {t(`enums:fwrOperate.${r.fwrOperate}`)}
              </Box>
            </Typography>
            {r.remark && (
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {r.remark}
              </Typography>
            )}
          </li>
        ))}
      </Box>
    );
  const head = ['fwrDirection', 'fwrIpVer', 'fwrType', 'fwrPort', 'cidrDest', 'fwrOperate', 'remark'];
  return (
    <Table size="small" data-testid={testId} sx={{ '& td, & th': { px: 1 } }}>
      <TableHead>
        <TableRow>
          {head.map((id) => (
            <TableCell key={id} sx={{ whiteSpace: 'nowrap' }}>
              {t(`fields.${id}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rules.map((r) => (
          <TableRow key={r.fwRuleUuid}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`enums:fwrDirection.${r.fwrDirection}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`enums:fwrIpVer.${r.fwrIpVer}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`enums:fwrType.${r.fwrType}`)}</TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.fwrPort}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.cidrDest}</TableCell>
            <TableCell sx={{ color: r.fwrOperate === FwrOperate.DENY ? 'error.main' : undefined }}>
              {t(`enums:fwrOperate.${r.fwrOperate}`)}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word', color: 'text.secondary' }}>{r.remark || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
