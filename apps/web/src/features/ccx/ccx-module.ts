// The CCX chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { ccxResource } from './ccx-resource';

export const { resource, pages } = resourceModule(ccxResource);
