// What the network module offers the other modules: a VM's firewalls as the cloud is given them.
export { firewallSpecs } from './firewall/firewall-operations.js';
