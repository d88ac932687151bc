import type { Prng } from './prng';

/**
 * Danish register numbers for the demo data: CVR (company register, modulus 11), P-numbers
 * (production units), CHR (central husbandry register), DGU numbers (boreholes) and Jupiter ids.
 */

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** True for an 8-digit CVR number, first digit not 0, whose weighted digit sum (2,7,6,5,4,3,2,1) is divisible by 11. */
export function isValidCvr(cvr: string): boolean {
  if (!/^[1-9]\d{7}$/.test(cvr)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(cvr[i]) * CVR_WEIGHTS[i]!;
  return sum % 11 === 0;
}

/** A random valid CVR number. */
export function makeCvr(prng: Prng): string {
  for (;;) {
    const head = String(prng.int(1, 9)) + prng.digits(6);
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += Number(head[i]) * CVR_WEIGHTS[i]!;
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return head + String(check);
  }
}

/** True for a P-number as the register issues them: 10 digits starting with 1. */
export function isValidPNr(pNr: string): boolean {
  return /^1\d{9}$/.test(pNr);
}

/** A random P-number (production unit): 10 digits, first digit 1. */
export function makePNr(prng: Prng): string {
  return `1${String(prng.int(0, 9))}${prng.digits(8)}`;
}

/** A random CHR number (herd register): 5 or 6 digits, no leading zero. */
export function makeChrNr(prng: Prng): string {
  return prng.chance(0.35) ? String(prng.int(10000, 99999)) : String(prng.int(100000, 999999));
}

/** A DGU borehole number in the modern form 'district.number', e.g. '65.1234' (district 1-250). */
export function makeDguNr(prng: Prng, district: number): string {
  if (district < 1 || district > 250) throw new Error(`DGU district out of range: ${district}`);
  return `${district}.${prng.int(1, 3999)}`;
}

export function isValidDguNr(dgu: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,5})[A-Z]?$/.exec(dgu);
  return m !== null && Number(m[1]) >= 1 && Number(m[1]) <= 250;
}

/** A Jupiter id: a positive integer as a string. */
export function makeJupiterId(prng: Prng, min = 100000, max = 999999): string {
  return String(prng.int(min, max));
}

/**
 * Hands out numbers that are unique across the whole seed: draws from `make` until it finds one
 * not seen before.
 */
export class UniqueNumbers {
  private readonly seen = new Set<string>();

  constructor(private readonly make: (prng: Prng) => string = () => '') {}

  /** A new number; `make` overrides the default maker for this draw (e.g. another DGU district). */
  next(prng: Prng, make: (prng: Prng) => string = this.make): string {
    for (let i = 0; i < 1000; i++) {
      const v = make(prng);
      if (!this.seen.has(v)) {
        this.seen.add(v);
        return v;
      }
    }
    throw new Error('UniqueNumbers: number space exhausted');
  }

  reserve(value: string): void {
    this.seen.add(value);
  }

  get size(): number {
    return this.seen.size;
  }
}
