import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console-page';
import { PageSpinner } from '../../components/page-spinner';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useCcisContract } from './ccis-api';
import { CcisContractCard } from './ccis-contract-card';
import { CcisHistoryTable } from './ccis-history-table';
import { CcisPurchaseForm } from './ccis-purchase-form';

/** The data-store contract (route purchaseCCIS, log code 10017): in force, buy or adjust, history. */
export default function CcisPage() {
  const { t } = useTranslation('ccis');
  const { can } = usePermissions();
  const contract = useCcisContract();
  const canManage = can('storage/ccis/manage');
  return (
    <ConsolePage title={t('title')} subtitle={t('subtitle')}>
      {contract.data ? (
        <Stack spacing={3}>
          <CcisContractCard contract={contract.data} canManage={canManage} />
          {canManage && (
            // A new form after each purchase: its defaults follow the contract in force.
            <CcisPurchaseForm
              key={`${contract.data.current?.orderId ?? 'none'}-${contract.data.purchasedToday}`}
              contract={contract.data}
            />
          )}
          <CcisHistoryTable />
        </Stack>
      ) : (
        <PageSpinner />
      )}
    </ConsolePage>
  );
}
