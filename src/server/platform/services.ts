import type { Db } from '../db/client';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { Supplier } from '../supplier/types';
import type { PaymentService } from '../payment/types';

/**
 * What buildApp injects into every feature: tests swap any of them. `payment`: the card payment
 * service (the sandbox one by default); services built without it (some tests' jobs) pay no card.
 */
export type Services = { db: Db; clock: Clock; config: Config; mailer: Mailer; supplier: Supplier; payment?: PaymentService };
