import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config';

/** Per-route rate limits (@fastify/rate-limit, counted per address): only the routes that ask for one are limited. */
export const installRateLimits = (app: FastifyInstance) => app.register(rateLimit, { global: false });

/** Route options of the calls that create accounts or send e-mail: MAILING_RATE_LIMIT requests a minute per address. */
export const mailingLimit = (config: Pick<Config, 'mailingRateLimit'>) => ({ config: { rateLimit: { max: config.mailingRateLimit, timeWindow: '1 minute' } } });
