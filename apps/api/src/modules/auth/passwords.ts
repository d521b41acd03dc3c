/** Passwords and codes are hashed with argon2id; nothing secret is stored or logged in clear. */
import { hash, verify } from '@node-rs/argon2';

/**
 * How costly a hash is to make, and so to guess from: OWASP's argon2id baseline (19 MiB, 2
 * passes; algorithm 2 is argon2id) for the site, or argon2's least for a test run, whose users
 * are set-up and whose server is on loopback only (`PASSWORD_HASHING`, checkServerEnv). A hash
 * names its own parameters, so either verifies whatever the setting is now.
 */
export const PASSWORD_HASHING = {
  standard: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  'fast-for-tests': { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashing = keyof typeof PASSWORD_HASHING;

let hashing: PasswordHashing = 'standard';

/** Set once as the app starts, from PASSWORD_HASHING. */
export function usePasswordHashing(kind: PasswordHashing): void {
  hashing = kind;
}

export function hashSecret(secret: string, kind: PasswordHashing = hashing): Promise<string> {
  return hash(secret, PASSWORD_HASHING[kind]);
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}
