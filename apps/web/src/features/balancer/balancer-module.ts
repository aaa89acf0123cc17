// The load balancer chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { balancerResource } from './balancer-resource';

export const { resource, pages } = resourceModule(balancerResource);
