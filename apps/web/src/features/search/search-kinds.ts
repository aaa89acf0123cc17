import type { SvgIconComponent } from '@mui/icons-material';
import AltRoute from '@mui/icons-material/AltRoute';
import Dns from '@mui/icons-material/Dns';
import Hub from '@mui/icons-material/Hub';
import Inventory2 from '@mui/icons-material/Inventory2';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import Shield from '@mui/icons-material/Shield';
import Album from '@mui/icons-material/Album';
import SupportAgent from '@mui/icons-material/SupportAgent';
import CameraAlt from '@mui/icons-material/CameraAlt';
import Storage from '@mui/icons-material/Storage';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Person from '@mui/icons-material/Person';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Cable from '@mui/icons-material/Cable';
import VpnKey from '@mui/icons-material/VpnKey';
import type { SearchKind } from '@portal/shared';

/**
 * How the palette shows each kind: its icon, and the `enums` tree its status numbers are named in
 * (none for a kind without a status). Its label is `search:kinds.<kind>`.
 */
export const SEARCH_KIND_VIEWS: Record<SearchKind, { icon: SvgIconComponent; statusEnum?: string }> = {
  vm: { icon: Dns, statusEnum: 'vmStatus' },
  ip: { icon: SettingsEthernet },
  disk: { icon: Album, statusEnum: 'diskStatus' },
  snapshot: { icon: CameraAlt, statusEnum: 'snapshotStatus' },
  snapshotRule: { icon: EventRepeat },
  vpc: { icon: Hub, statusEnum: 'vpcStatus' },
  firewall: { icon: Shield, statusEnum: 'firewallStatus' },
  balancer: { icon: AltRoute, statusEnum: 'lbStatus' },
  ccx: { icon: Storage, statusEnum: 'ccxClusterStatus' },
  cloudExchange: { icon: Cable, statusEnum: 'cloudExchangeStatus' },
  cloudCredential: { icon: VpnKey },
  bucket: { icon: Inventory2 },
  alarm: { icon: NotificationsActive, statusEnum: 'alarmStatus' },
  order: { icon: ReceiptLong, statusEnum: 'orderStatus' },
  ticket: { icon: SupportAgent, statusEnum: 'ticketStatus' },
  iamUser: { icon: Person },
};
