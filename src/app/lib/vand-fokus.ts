import { useSyncExternalStore } from 'react';

/**
 * What a validation queue asks a water plant's tab to show when it opens the plant beside
 * ('Åbn vandanlægget ved siden af'): the entry, its intake and its period. A tile's route has no
 * query string and the workspace keeps only the path, so the queue leaves the entry here and the
 * tab (maengder, indtag, vandproever) selects it when it shows that plant. Shared through src/app/lib
 * because features never import each other.
 */
export interface VandFokus {
  /** Counts up with every request, so the same entry asked twice is selected twice. */
  nr: number;
  vandanlaegId: number;
  /** The tab the entry belongs to ('maengder', 'indtag', 'vandproever'): only that tab selects it. */
  fane: string;
  /** What the entry is: a pumped quantity, a water-level reading or a sample. */
  art: 'maengde' | 'pejling' | 'vandproeve';
  /** The entry's id (quantity, reading or sample). */
  id: number;
  /** The intake of an intake-level quantity or a reading. */
  indtagId: number | null;
  /** The period's first day (quantities) or the reading's or sample's day, ISO. */
  dato: string | null;
}

let fokus: VandFokus | null = null;
let nr = 0;
const lyttere = new Set<() => void>();

export function saetVandFokus(f: Omit<VandFokus, 'nr'>): void {
  fokus = { ...f, nr: ++nr };
  for (const l of lyttere) l();
}

const abonner = (l: () => void) => {
  lyttere.add(l);
  return () => lyttere.delete(l);
};

/** The latest request for this plant's tab, or null. */
export function useVandFokus(vandanlaegId: number, fane: string): VandFokus | null {
  const f = useSyncExternalStore(abonner, () => fokus);
  return f && f.vandanlaegId === vandanlaegId && f.fane === fane ? f : null;
}

/** A queue entry as the path needs it. */
interface KoeRaekke {
  id: number;
  vandanlaegId: number;
  indtagId?: number | null;
  startdato?: string;
  pejletidspunkt?: string;
  udtaget?: string;
}

/**
 * The path of the plant's tab for a queue entry ('maengder', 'indtag', 'vandproever'), leaving the
 * entry to be selected: an intake-level quantity opens the 'Boring / indtag' tab (its borehole is
 * found from the intake there).
 */
export function vandanlaegStiForPost(fane: string, row: KoeRaekke): string {
  const indtagId = row.indtagId ?? null;
  const tab = fane === 'maengder' && indtagId !== null ? 'indtag' : fane;
  saetVandFokus({
    vandanlaegId: row.vandanlaegId,
    fane: tab,
    art: row.pejletidspunkt !== undefined ? 'pejling' : row.udtaget !== undefined ? 'vandproeve' : 'maengde',
    id: row.id,
    indtagId,
    dato: (row.startdato ?? row.pejletidspunkt ?? row.udtaget ?? null)?.slice(0, 10) ?? null,
  });
  return `/vandanlaeg/${row.vandanlaegId}/${tab}`;
}
