import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Vm } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { useFirewalls } from '../../lib/api/network-refs';

/** The VM's security tab: the firewalls it is in, from its VPC's firewalls. */
export function VmSecurityTab({ vm }: { vm: Vm }) {
  const { t } = useTranslation(['vm', 'enums']);
  const firewalls = useFirewalls(vm.vpcUuid);
  if (firewalls.isPending) return <PageSpinner minHeight={120} />;
  const mine = (firewalls.data ?? []).filter((fw) => vm.firewallUuids.includes(fw.firewallUuid));
  if (mine.length === 0) return <Typography color="text.secondary">{t('security.none')}</Typography>;
  return (
    <Table size="small" data-testid="vm-firewalls">
      <TableHead>
        <TableRow>
          <TableCell>{t('security.name')}</TableCell>
          <TableCell>{t('security.status')}</TableCell>
          <TableCell align="right">{t('security.rules')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {mine.map((fw) => (
          <TableRow key={fw.firewallUuid}>
            <TableCell sx={{ wordBreak: 'break-word' }}>{fw.name}</TableCell>
            <TableCell>{t(`enums:firewallStatus.${fw.status}`)}</TableCell>
            <TableCell align="right">{fw.ruleCount}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
