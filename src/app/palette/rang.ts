import { type Command, GROUP } from '../workspace/kommando';
import { fold } from './commands';

/**
 * The palette's order: how well a page or command answers what was typed, and where the server's
 * entities (companies, farms, SAT companies, water plants) come among them.
 *
 * Each typed word is weighed against the command's name (its label) first:
 *   4  a whole word of the name ('jupiter' in 'Frister: Jupiter-status'),
 *   3  the start of a word of the name ('valid' in 'Validering: Pejlinger'),
 *   2  inside the name,
 *   1  only in its group or keywords (its path: 'jupiter' in '/validering/kontaktpersoner/:jupiterkontaktpersonid'),
 *   0  nowhere (the command is not shown).
 * A command is as good as its weakest word (then the sum of its words, then the shorter name: more of
 * it was typed). A command whose name holds every word (2 and up) comes before the server's entities,
 * whose names are only similar (the server's trigram search); one that matches only by its keywords
 * comes after them. Groups stay together and go by their best command; the tile's own commands
 * lead among equals. With nothing typed the order is the registry's (recent items are shown then),
 * after the tile's commands and the user's drafts ('Kladder').
 */
export const VAEGT = { ord: 4, ordstart: 3, navn: 2, noegleord: 1 } as const;

export interface Rang {
  /** The weakest word's weight: 2 and up means the name holds every word. */
  trin: number;
  /** The words' weights added. */
  sum: number;
  /** The name's length (shorter first among equals). */
  laengde: number;
}

const haystacks = new WeakMap<object, { ord: string[]; navn: string; resten: string }>();

function hoestak(command: Pick<Command, 'label' | 'keywords' | 'group'>) {
  let h = haystacks.get(command);
  if (!h) {
    const navn = fold(command.label);
    h = {
      navn,
      ord: navn.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
      resten: fold([command.group, ...(command.keywords ?? [])].join(' ')),
    };
    haystacks.set(command, h);
  }
  return h;
}

/** The query's words, folded (case, accents, æ/ø/å). */
export const queryWords = (query: string) => fold(query).split(/\s+/).filter(Boolean);

/** How well a command answers the words; null when a word is found nowhere. */
export function rangAf(
  command: Pick<Command, 'label' | 'keywords' | 'group'>,
  words: readonly string[],
): Rang | null {
  const h = hoestak(command);
  let trin = Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const w of words) {
    const v = h.ord.includes(w)
      ? VAEGT.ord
      : h.ord.some((o) => o.startsWith(w))
        ? VAEGT.ordstart
        : h.navn.includes(w)
          ? VAEGT.navn
          : h.resten.includes(w)
            ? VAEGT.noegleord
            : 0;
    if (v === 0) return null;
    trin = Math.min(trin, v);
    sum += v;
  }
  return { trin: words.length ? trin : 0, sum, laengde: h.navn.length };
}

/** Negative when a ranks before b. */
const sammenlign = (a: Rang, b: Rang) => b.trin - a.trin || b.sum - a.sum || a.laengde - b.laengde;

export type PaletteSektion<C> =
  | { kind: 'commands'; group: string; commands: C[] }
  | { kind: 'recent' }
  | { kind: 'entities' };

/**
 * The palette's sections in the order shown (and moved through by the arrow keys): the commands that
 * answer the query, grouped and ranked, with the recent items (nothing typed) and the server's
 * entities where they belong. Sections without items are left to the caller to skip.
 */
export function rangordn<C extends Pick<Command, 'label' | 'keywords' | 'group'>>(
  query: string,
  commands: readonly C[],
): PaletteSektion<C>[] {
  const words = queryWords(query);
  if (words.length === 0) {
    const groups = groupBy(commands);
    // The tile's own commands, then the user's unsaved drafts, lead.
    const foerst = [GROUP.tile, GROUP.kladder] as string[];
    return [
      ...foerst.flatMap((group) => {
        const cs = groups.get(group);
        return cs ? [{ kind: 'commands' as const, group, commands: cs }] : [];
      }),
      { kind: 'recent' },
      { kind: 'entities' },
      ...[...groups.entries()]
        .filter(([g]) => !foerst.includes(g))
        .map(([group, cs]) => ({ kind: 'commands' as const, group, commands: cs })),
    ];
  }
  const ranked = commands
    .map((c, i) => ({ c, i, rang: rangAf(c, words) }))
    .filter((x): x is { c: C; i: number; rang: Rang } => x.rang !== null)
    .sort((a, b) => sammenlign(a.rang, b.rang) || a.i - b.i);
  // Groups in the order of their best command (the sort above is stable: the registry's order, with the
  // tile's commands first, among equals).
  const groups = groupBy(ranked.map((x) => x.c));
  const best = new Map<string, Rang>();
  for (const x of ranked) if (!best.has(x.c.group)) best.set(x.c.group, x.rang);
  const sections = [...groups.entries()].map(([group, cs]) => ({
    kind: 'commands' as const,
    group,
    commands: cs,
    navn: best.get(group)!.trin >= VAEGT.navn,
  }));
  const strip = ({ kind, group, commands: cs }: (typeof sections)[number]) => ({ kind, group, commands: cs });
  return [
    ...sections.filter((s) => s.navn).map(strip),
    { kind: 'entities' },
    ...sections.filter((s) => !s.navn).map(strip),
  ];
}

function groupBy<C extends { group: string }>(items: readonly C[]): Map<string, C[]> {
  const out = new Map<string, C[]>();
  for (const item of items) {
    const list = out.get(item.group) ?? [];
    list.push(item);
    out.set(item.group, list);
  }
  return out;
}
