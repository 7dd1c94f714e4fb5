import type { Db } from '../db/client';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { Supplier } from '../supplier/types';

/** What buildApp injects into every feature: tests swap any of them. */
export type Services = { db: Db; clock: Clock; config: Config; mailer: Mailer; supplier: Supplier };
