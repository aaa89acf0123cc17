// The ticket chunk: its declaration and the pages the router registers by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { ticketResource } from './ticket-resource';

export const { resource, pages } = resourceModule(ticketResource);
