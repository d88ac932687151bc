import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type TokenClaims, tokenClaimsSchema } from '../../contract/session';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../data-dir';

export type TokenFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason === 'expired' ? 'Token udløbet' : 'Ugyldigt token');
  }
}

/** How many verified tokens are remembered (a whole office's sessions, several times over). */
export const VERIFICERET_LOFT = 5000;

/** Signs and verifies session tokens (HS256). The client only decodes them. */
export class TokenService {
  /** The secret as a WebCrypto key, imported once (jose imports raw bytes again on every call). */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens verified before, with their claims, until they expire: a session sends the same token
   * with every request, and checking its signature and claims again each time is work done twice.
   * Oldest first (a Map keeps insertion order), bounded by VERIFICERET_LOFT. Only tokens this
   * service signed and that verified are kept, so a forged token never enters.
   */
  private readonly verificeret = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // A key that cannot be imported fails each sign and verify, not the process.
    this.key.catch(() => undefined);
  }

  async sign(claims: Omit<TokenClaims, 'exp' | 'iat'>, ttlSeconds = this.ttlSeconds): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /**
   * A key for another purpose (`formaal`), derived from the signing secret with HKDF-SHA256: the
   * secret itself never leaves this class. Used for the Jupiter certificate's private key when
   * CERTIFIKAT_NOEGLE is not set.
   */
  afledNoegle(formaal: string, laengde = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.secret, Buffer.alloc(0), formaal, laengde));
  }

  /** How many verified tokens are remembered now (for the bound's test). */
  get antalKendte(): number {
    return this.verificeret.size;
  }

  async verify(token: string): Promise<TokenClaims> {
    const kendt = this.verificeret.get(token);
    if (kendt?.exp !== undefined) {
      if (kendt.exp * 1000 > Date.now()) return kendt;
      this.verificeret.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const parsed = tokenClaimsSchema.safeParse(payload);
      if (!parsed.success) throw new TokenError('invalid');
      if (parsed.data.exp === undefined) return parsed.data;
      if (this.verificeret.size >= VERIFICERET_LOFT) {
        const aeldste = this.verificeret.keys().next().value;
        if (aeldste !== undefined) this.verificeret.delete(aeldste);
      }
      this.verificeret.set(token, parsed.data);
      return parsed.data;
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  }
}

/**
 * The signing secret: JWT_SECRET when configured, else a random one generated into the data folder
 * on first start, so no secret ever lives in the repository. The file is the owner's only (0600, in
 * a 0700 folder), also when an older start left it readable by others.
 */
export async function loadOrCreateSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  await ensurePrivateDir(dataDir);
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    // Not ours to change (another owner): the start-up check of the data folder warns about it.
    await chmod(file, PRIVATE_FILE_MODE).catch(() => undefined);
    return new TextEncoder().encode(secret);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: PRIVATE_FILE_MODE });
    return new TextEncoder().encode(secret);
  }
}
