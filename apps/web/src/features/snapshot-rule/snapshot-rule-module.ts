// The snapshot rule chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { snapshotRuleResource } from './snapshot-rule-resource';

export const { resource, pages } = resourceModule(snapshotRuleResource);
