import { defineModule } from '../../platform/modules/portal-module.js';
import { apiKeyRoutes } from './api-key-routes.js';
import { createApiKeyService } from './api-key-service.js';

/** Users' API keys for scripts (issue 27); the guard authenticates them (platform/api-key-auth.ts). */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  async register({ app, clock }) {
    await app.register(apiKeyRoutes, { keys: createApiKeyService({ clock }) });
  },
});
