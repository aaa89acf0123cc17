// The alarm chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { alarmResource } from './alarm-resource';

export const { resource, pages } = resourceModule(alarmResource);
