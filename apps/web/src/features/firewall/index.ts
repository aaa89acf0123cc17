// What the firewall feature offers the other features: a VPC's firewalls to choose from, and a
// firewall's status and rules as the VM's security tab shows them.
export { useFirewallRules, useFirewalls } from './firewall-choices';
export { firewallStatus } from './firewall-base';
export { FirewallRulesTable } from './firewall-rules-table';
