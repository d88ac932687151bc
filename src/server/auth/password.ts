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
