import { Suspense, lazy } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { type Vm, canOpenVmConsole } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { vmStatus } from './vm-base';

// xterm.js (about 90 KB gzip) with its styles: loaded when the tab opens, never with the VM pages.
const VmConsoleTerminal = lazy(() => import('./vm-console-terminal'));

/**
 * The VM's "web" tab: its serial console in a terminal while it runs, else why there is none
 * (the shared rule's reason, as the server would refuse a ticket with).
 */
export function VmConsoleTab({ vm }: { vm: Vm }) {
  const { t } = useTranslation(['vm', 'apiError', 'enums']);
  const allowed = canOpenVmConsole(vm);
  if (allowed !== true) {
    return (
      <Alert severity="info" data-testid="vm-console-not-running">
        {t('console.notRunning', { status: vmStatus.text(vm, t) })} {t(`apiError:${allowed}`)}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PageSpinner minHeight={420} />}>
      <VmConsoleTerminal key={vm.uuid} uuid={vm.uuid} name={vm.name} />
    </Suspense>
  );
}
