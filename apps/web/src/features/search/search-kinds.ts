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
import type { SearchKind } from '@portal/shared';

/**
 * How the palette shows each kind: its icon, and the `enums` tree its status numbers are named in
 * (none for a kind without a status). Its label is `search:kinds.<kind>`.
 */
export const SEARCH_KIND_VIEWS: Record<SearchKind, { icon: SvgIconComponent; statusEnum?: string }> = {
  vm: { icon: Dns, statusEnum: 'vmStatus' },
  ip: { icon: SettingsEthernet },
  disk: { icon: Album, statusEnum: 'diskStatus' },
  vpc: { icon: Hub, statusEnum: 'vpcStatus' },
  firewall: { icon: Shield, statusEnum: 'firewallStatus' },
  balancer: { icon: AltRoute, statusEnum: 'lbStatus' },
  bucket: { icon: Inventory2 },
  order: { icon: ReceiptLong, statusEnum: 'orderStatus' },
  ticket: { icon: SupportAgent, statusEnum: 'ticketStatus' },
};
