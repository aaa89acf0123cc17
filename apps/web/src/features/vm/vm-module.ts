// The VM chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { vmResource } from './vm-resource';

export const { resource, pages } = resourceModule(vmResource);
