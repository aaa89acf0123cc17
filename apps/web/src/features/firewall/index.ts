// What the firewall feature offers the other features: a VPC's firewalls to choose from, and a
// firewall's status and rules as the VM's security tab shows them.
export { useFirewallRules, useFirewalls } from './firewall-choices';
export { FirewallStatusChip, isFirewallBusy } from './firewall-status';
export { FirewallRulesTable } from './firewall-rules-table';
