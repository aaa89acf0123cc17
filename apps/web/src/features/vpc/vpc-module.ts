// The VPC chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { vpcResource } from './vpc-resource';

export const { resource, pages } = resourceModule(vpcResource);
