import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type SnapshotRule, snapshotRuleMonthlyEstimate } from '@portal/shared';
import { PriceChange } from '../../components/price-change';
import { useDisks } from '../disk';
import { usePriceCodes } from '../products';
import { usePermissions } from '../../lib/permissions/use-permissions';

/** The GB of each VM's disks (a snapshot holds them all), one entry per VM. */
const sizesOf = (disks: { vmUuid: string | null; diskSize: number }[], vmUuids: string[]) =>
  vmUuids.map((vm) => disks.filter((d) => d.vmUuid === vm).reduce((sum, d) => sum + d.diskSize, 0));

/**
 * What a snapshot rule costs a month once it keeps its full count: `retained` snapshots of each
 * VM, each the size of the VM's disks, at the price list's snapshot storage. An edit shows the
 * rule as it is beside the rule as filled in.
 */
export function SnapshotRulePrice({
  row,
  vmUuids,
  retained,
}: {
  row?: SnapshotRule;
  vmUuids: string[];
  retained: number;
}) {
  const { t, i18n } = useTranslation('snapshotRule');
  const { can } = usePermissions();
  const prices = usePriceCodes();
  const disks = useDisks({});
  if (!can('compute/disk')) return <Typography color="text.secondary">{t('form.priceHidden')}</Typography>;
  const estimate = (vms: string[], kept: number) =>
    prices.data && disks.data
      ? snapshotRuleMonthlyEstimate(prices.data, sizesOf(disks.data, vms), kept)
      : undefined;
  const note = (vms: string[], kept: number) =>
    disks.data &&
    t('form.priceNote', {
      count: vms.length,
      kept,
      size: sizesOf(disks.data, vms)
        .reduce((sum, gb) => sum + gb, 0)
        .toLocaleString(i18n.language),
    });
  const after = { estimate: estimate(vmUuids, retained), note: note(vmUuids, retained) };
  if (!row) return <PriceChange after={after} testId="snapshot-rule-price" />;
  return (
    <PriceChange
      before={{
        estimate: estimate(row.vmUuids, row.retainedQuantity),
        note: note(row.vmUuids, row.retainedQuantity),
      }}
      after={after}
      testId="snapshot-rule-price"
    />
  );
}
