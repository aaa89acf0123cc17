import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type FirewallRule, FwrOperate } from '@portal/shared';

/**
 * A firewall's rules, read-only, in the order the cloud applies them (the VM's security tab).
 * Texts: the `firewall` namespace's `fields.*` and the enums' labels.
 */
export function FirewallRulesTable({ rules, testId }: { rules: FirewallRule[]; testId?: string }) {
  const { t } = useTranslation(['firewall', 'enums']);
  if (rules.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('rules.none')}
      </Typography>
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
            <TableCell>{t(`enums:fwrDirection.${r.fwrDirection}`)}</TableCell>
            <TableCell>{t(`enums:fwrIpVer.${r.fwrIpVer}`)}</TableCell>
            <TableCell>{t(`enums:fwrType.${r.fwrType}`)}</TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.fwrPort}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{r.cidrDest}</TableCell>
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
