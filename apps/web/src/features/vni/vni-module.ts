// The VNI chunk: its declaration and the page the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { vniResource } from './vni-resource';

export const { resource, pages } = resourceModule(vniResource);
