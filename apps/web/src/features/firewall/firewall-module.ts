// The firewall chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { firewallResource } from './firewall-resource';

export const { resource, pages } = resourceModule(firewallResource);
