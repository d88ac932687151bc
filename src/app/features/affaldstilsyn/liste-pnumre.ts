/**
 * P-numbers typed or pasted into 'Opret fra CVR': one per line, or separated by spaces, commas or
 * semicolons. Each is trimmed; the invalid ones are listed with a Danish message before anything is
 * sent, and a P-number given twice is sent once.
 */
export interface PNumre {
  /** Valid P-numbers, each once, in the order given. */
  gyldige: string[];
  ugyldige: { tekst: string; besked: string }[];
  /** How many repeats were left out. */
  gentagne: number;
}

export const PNR_BESKED = 'Et P-nummer skal være 10 cifre og begynde med 1';

export function parsePNumre(tekst: string): PNumre {
  const gyldige: string[] = [];
  const ugyldige: PNumre['ugyldige'] = [];
  const set = new Set<string>();
  let gentagne = 0;
  for (const del of tekst.split(/[\s,;]+/)) {
    const t = del.trim();
    if (t === '') continue;
    if (!/^1\d{9}$/.test(t)) {
      ugyldige.push({ tekst: t, besked: PNR_BESKED });
    } else if (set.has(t)) gentagne++;
    else {
      set.add(t);
      gyldige.push(t);
    }
  }
  return { gyldige, ugyldige, gentagne };
}
