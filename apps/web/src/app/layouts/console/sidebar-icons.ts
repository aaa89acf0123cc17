import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import Dns from '@mui/icons-material/Dns';
import Insights from '@mui/icons-material/Insights';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import SpaceDashboard from '@mui/icons-material/SpaceDashboard';
import Storage from '@mui/icons-material/Storage';

/** Icons of the top-level menu entries by language key; deeper entries carry none. */
export const SIDEBAR_ICONS: Record<string, SvgIconComponent> = {
  'menu.dashboard': SpaceDashboard,
  'menu.compute': Dns,
  'menu.network': AccountTree,
  'menu.storage': Storage,
  'menu.monitor': Insights,
  'menu.billing': ReceiptLong,
  'menu.account': ManageAccounts,
};
