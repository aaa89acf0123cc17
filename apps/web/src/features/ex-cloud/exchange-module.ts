// The cloud-exchange chunk: its declaration, the exCloud page (tabs per provider with the
// credentials) and the order form, registered by route id.
import { resourceModule } from '../../components/resource-kit/resource-pages';
import { ExCloudPage } from './ex-cloud-page';
import { exchangeResource } from './exchange-resource';

export const { resource, pages } = resourceModule({
  ...exchangeResource,
  extraPages: { exCloud: ExCloudPage },
});
