import { isIP } from 'node:net';
import { apiCode } from '@contract/api-codes';
import type { Lang } from '@contract/account';
import type { Config } from '@server/config';
import { minutes } from '@server/platform/clock';
import { ApiError } from '@server/platform/errors';

/**
 * Sign-in throttling. Failures are counted per (username, client address) and
 * per client address, never per account alone: someone else's attempts never lock the real user
 * out. From a pair's third attempt on, each waits twice as long after the last failure as the one
 * before (1 s, 2 s, 4 s…); past `perPair` failures the pair is locked, and past `perAddress` the
 * address, until the window slides past enough of them.
 */

type Limits = Config['loginLimits'];

/** A refused attempt: 104, with how long to wait (sent as Retry-After). */
export class SignInThrottled extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    lang: Lang,
  ) {
    // A lock keeps the catalogue's "try again in a few minutes"; a short wait says how short.
    const s = retryAfterSeconds;
    super(
      apiCode.TOO_MANY_ATTEMPTS,
      undefined,
      s >= 60 ? undefined : lang === 'en' ? `Too many attempts: try again in ${s} s.` : `Trop de tentatives : réessayez dans ${s} s.`,
    );
  }
}

/**
 * The client as throttling sees it: an IPv4 address (also when written IPv4-mapped), or the /64
 * network of an IPv6 address, since one host commonly holds a whole /64.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key of one username tried from one client, within one agency. */
export const pairKey = (agencyId: string, username: string, client: string) => JSON.stringify([agencyId, username.trim().toLowerCase(), client]);

/**
 * How long (ms) an attempt must still wait, given the earlier failures in the window (oldest first)
 * of its pair and of its address; 0 when it may be checked now.
 */
export function waitMs(pair: Date[], address: Date[], now: Date, limits: Limits): number {
  const window = minutes(limits.windowMinutes);
  // Locked until the window has slid past enough failures to be under the limit again.
  const unlockAt = (failures: Date[], limit: number) => failures[failures.length - limit]!.getTime() + window;
  const waits = [0];
  if (address.length >= limits.perAddress) waits.push(unlockAt(address, limits.perAddress) - now.getTime());
  if (pair.length >= limits.perPair) waits.push(unlockAt(pair, limits.perPair) - now.getTime());
  else if (pair.length >= 2) waits.push(pair[pair.length - 1]!.getTime() + 1000 * 2 ** (pair.length - 2) - now.getTime());
  return Math.max(...waits);
}
