// The disk chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { diskResource } from './disk-resource';

export const { resource, pages } = resourceModule(diskResource);
