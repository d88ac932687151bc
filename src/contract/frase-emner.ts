/**
 * Which phrase subject (`emne.kode`) the long text fields of each record kind use (issue 15: 'Indsæt
 * frase …' lists the active phrases of the field's subject). Declared here, beside the record kinds
 * rather than in them, so the record declarations stay as they are. A kind without an entry has no
 * subject: the phrase list then shows every subject's phrases.
 */
export const FRASE_EMNE_FOR_ART: Readonly<Record<string, string>> = {
  // companies and farms
  tilsyn: 'TILSYN',
  haandhaevelse: 'HAANDHAEVELSE',
  afgoerelse: 'AFGOERELSE',
  risikovurdering: 'RISIKOVURDERING',
  fyringsanlaeg: 'TILSYN',
  brugerbetaling: 'BRUGERBETALING',
  opbevaringslager: 'LANDBRUG',
  dyrehold: 'LANDBRUG',
  // SAT companies
  satresultat: 'AFFALD',
  sattilsyn: 'AFFALD',
  sathaandhaevelse: 'AFFALD',
  satgebyr: 'AFFALD',
  // water plants
  VandanlaegTilladelse: 'VANDANLAEG',
  VandanlaegTilsyn: 'VANDANLAEG',
  VandanlaegHaandhaevelse: 'VANDANLAEG',
  DiademAnalysefrekvens: 'VANDPROEVER',
  DiademAnlaegspaabud: 'VANDPROEVER',
  DiademBoringspaabud: 'VANDPROEVER',
  DiademAnlaegspaabudDispensation: 'VANDPROEVER',
  DiademBoringspaabudDispensation: 'VANDPROEVER',
  ImportEksportVandmaengder: 'OPPUMPEDE_MAENGDER',
  Fastmaalestation: 'OPPUMPEDE_MAENGDER',
};

/** The subject code of a record kind's long text fields, or null. */
export const fraseEmneForArt = (art: string | null | undefined): string | null =>
  (art ? FRASE_EMNE_FOR_ART[art] : undefined) ?? null;

/** What marks a subject code in the phrase search: `#haand`. */
export const EMNE_MARKOER = '#';

/**
 * Lower case with æ, ø, å spelt as the codes spell them (AE, OE, AA) and accents dropped: how subject
 * codes and the palette's commands (src/app/palette/commands.ts `fold`) are matched.
 */
export function foldEmne(tekst: string): string {
  return tekst
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

export interface FraseSoegning {
  /**
   * The subjects to list: null keeps the field's own subject (no marker typed), [] lists nothing
   * (an unknown code), else the codes that the typed prefix matches. A bare marker (`#`) matches
   * every code.
   */
  emneKoder: string[] | null;
  /** 'Ukendt emne: #xyz' when no code starts with the typed prefix. */
  fejl: string | null;
  /** The rest of the search text, matched against the phrases' titles and texts. */
  tekst: string;
}

/**
 * Reads the phrase search: the first word starting with the marker names subjects by a
 * case-insensitive prefix of their code (`#haand` → HAANDHAEVELSE, `#vand` → VANDANLAEG and
 * VANDPROEVER); the rest is the text to look for.
 */
export function fortolkFraseSoegning(soegning: string, koder: readonly string[]): FraseSoegning {
  const ord = soegning.trim().split(/\s+/).filter(Boolean);
  const i = ord.findIndex((o) => o.startsWith(EMNE_MARKOER));
  if (i < 0) return { emneKoder: null, fejl: null, tekst: ord.join(' ') };
  const markoer = ord[i]!;
  const prefix = foldEmne(markoer.slice(EMNE_MARKOER.length));
  const tekst = ord.filter((_, j) => j !== i).join(' ');
  const emneKoder = koder.filter((k) => foldEmne(k).startsWith(prefix));
  if (emneKoder.length === 0) return { emneKoder: [], fejl: `Ukendt emne: ${markoer}`, tekst };
  return { emneKoder, fejl: null, tekst };
}

/** Whether a phrase's title or text holds every word of the search text (case and accent tolerant). */
export function fraseMatcher(frase: { titel: string; tekst: string }, tekst: string): boolean {
  const ord = foldEmne(tekst).split(/\s+/).filter(Boolean);
  if (ord.length === 0) return true;
  const hoestak = foldEmne(`${frase.titel} ${frase.tekst}`);
  return ord.every((o) => hoestak.includes(o));
}
