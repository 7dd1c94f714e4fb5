import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe: session tokens and e-mailed links. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// OWASP: argon2id, 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2 /* Argon2id (a const enum, unreadable under verbatimModuleSyntax) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

/** The hash of a password nobody knows: an account that signs in some other way (single sign-on, an invitation's link) or no longer at all. */
export const unusablePasswordHash = () => hashPassword(newToken());
export const verifyPassword = async (stored: string, password: string) => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};
/** Verified against when the username is unknown, so both paths take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-used'));
