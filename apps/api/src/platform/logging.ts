import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** A request for the web app (its files and its pages) rather than for the API. */
export const isWebAppRequest = (url: string) =>
  !(url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'));

/**
 * Fastify's line per request ("incoming request", "request completed") stays at info for the API,
 * and goes to debug for the web app: one page load asks for dozens of files, which buried the
 * lines a person looks for (the mail kept in the outbox, sign-ins, failures). A request that
 * fails is logged whatever it asked for; LOG_LEVEL=debug shows the web app's requests again.
 * Response times are rounded to a tenth of a millisecond.
 */
export class PortalLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isWebAppRequest(request.url)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
    else if (isWebAppRequest(request.url)) reply.log.debug({ res: reply, responseTime }, 'request completed');
    else reply.log.info({ res: reply, responseTime }, 'request completed');
  }
}

/** Whether pino-pretty is installed (a dev dependency: a production install may leave it out). */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export interface LogTarget {
  /** Whether standard output is a terminal a person reads. */
  isTTY: boolean;
}

/**
 * pino-pretty's layout: a request's id, method, path, status and time on its line, other fields
 * (a mail's address, subject and text; an error and its stack) indented below.
 */
const PRETTY = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat:
    '{if reqId}{reqId} {end}{msg}{if req.method} {req.method} {req.url}{end}' +
    '{if res.statusCode} {res.statusCode}{end}{if responseTime} in {responseTime} ms{end}',
  colorize: true,
};

/**
 * The server log: readable lines (pino-pretty) when a person watches it in a terminal during
 * development; one JSON object a line otherwise (output to a file or a pipe, tests), for log
 * collectors and for `| jq`, and always in production.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  target: LogTarget = { isTTY: process.stdout.isTTY === true },
  hasPretty: () => boolean = prettyInstalled,
): NonNullable<FastifyServerOptions['logger']> {
  const pretty = config.env === 'development' && target.isTTY && hasPretty();
  if (!pretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: PRETTY },
  };
}
