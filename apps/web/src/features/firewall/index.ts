// What the firewall feature offers the other features: a firewall's status and its rules as the
// VM's security tab shows them.
export { FirewallStatusChip, isFirewallBusy } from './firewall-status';
export { FirewallRulesTable } from './firewall-rules-table';
