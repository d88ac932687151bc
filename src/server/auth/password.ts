import { argon2id, hash, verify } from 'argon2';

/**
 * Password hashing with argon2id. 'normal' uses the library's defaults (64 MiB, 3 passes);
 * 'fast' is a deliberately weak setting for tests and test data only.
 */
export type PasswordHashCost = 'fast' | 'normal';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export async function hashPassword(password: string, cost: PasswordHashCost = 'normal'): Promise<string> {
  return hash(password, cost === 'fast' ? { type: argon2id, ...FAST } : { type: argon2id });
}

/** True when the password matches the hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** What the sign-in routes verify passwords with; tests pass one that counts the calls. */
export interface PasswordHasher {
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = { verify: verifyPassword };

/**
 * An argon2id hash, at the 'normal' cost every real password gets, of a random password that was
 * thrown away. A sign-in for an unknown user is verified against it, so an unknown and a known user
 * cost the same time. A constant: computing it would cost each start 64 MiB and a hash's time.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$bwzkWcYVCLbYFKiO4Vy9CA$Z5ysr1QTRsozUcudZWXBe497H+SYj+nzawJc5s8ImPI';

/**
 * Checks a sign-in's password. The hash is always verified, against the dummy hash when the user is
 * unknown (`passwordHash` undefined), so the answer takes as long whether or not the user exists.
 */
export async function checkSignInPassword(
  hasher: PasswordHasher,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const ok = await hasher.verify(passwordHash ?? DUMMY_HASH, password);
  return passwordHash !== undefined && ok;
}
