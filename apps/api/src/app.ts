import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { MODULES } from './modules/index.js';
import { buildPlatform } from './platform/build-platform.js';
import { answerFrameworkError } from './platform/error-handler.js';
import { loggerOptions, PortalLogController } from './platform/logging.js';
import { redactingLogger } from './platform/log-redaction.js';
import { registerModules } from './platform/modules/register-modules.js';
import { tagRoutes } from './platform/resources/tag-routes.js';
import { operationRoutes } from './platform/operations/operation-routes.js';
import { registerStaticSite } from './platform/static-site.js';
import './platform/fastify-types.js';

export type { AppDeps } from './app-deps.js';

/**
 * The whole API on the given database; the caller decides when to listen (or to inject). The
 * platform first (logger, jobs, mail, storage, cloud and operations, the request plugins and
 * guards), then every module of modules/index.ts, each after the modules it needs.
 */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    // Whatever the destination, every line goes through the redacting serializers.
    logger: redactingLogger(deps.logger ?? loggerOptions(deps.config)),
    logController: new PortalLogController(),
    trustProxy: deps.config.trustProxy,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const platform = await buildPlatform(app, deps);
  await registerModules(platform, MODULES);
  // The tags of every resource the modules declared (app.resources).
  await app.register(tagRoutes, { operations: platform.operations });
  // A cloud operation's progress, for scripts that wait on one.
  await app.register(operationRoutes);
  await registerStaticSite(app, deps.config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
