// The snapshot chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { snapshotResource } from './snapshot-resource';

export const { resource, pages } = resourceModule(snapshotResource);
