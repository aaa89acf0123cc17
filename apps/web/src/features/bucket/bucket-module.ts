// The bucket chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { bucketResource } from './bucket-resource';

export const { resource, pages } = resourceModule(bucketResource);
