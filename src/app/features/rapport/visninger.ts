import { z } from 'zod';

/**
 * Named saved views of a report, per user (issue 14): a name and the view's state as the tile's query
 * (`?kolonner=…&filter=…`), kept in the user's settings under `rapportVisninger` (the settings keep
 * keys they do not know), so they follow the user to any machine.
 */
export const VISNINGER_NOEGLE = 'rapportVisninger';
export const MAKS_VISNINGER = 200;

const visningSchema = z.object({
  rapport: z.string().max(60),
  navn: z.string().min(1).max(80),
  soeg: z.string().max(4000),
});
export type GemtVisning = z.infer<typeof visningSchema>;

/** The saved views in the settings (anything unreadable is left out, never an error). */
export function laesVisninger(settings: Record<string, unknown> | null | undefined): GemtVisning[] {
  const raa = settings?.[VISNINGER_NOEGLE];
  if (!Array.isArray(raa)) return [];
  return raa.flatMap((v) => {
    const p = visningSchema.safeParse(v);
    return p.success ? [p.data] : [];
  });
}

/** A view's name as the user typed it, checked: the message, or null when it can be saved. */
export function navnFejl(navn: string): string | null {
  const n = navn.trim();
  if (!n) return 'Giv visningen et navn';
  if (n.length > 80) return 'Navnet må højst være 80 tegn';
  return null;
}

/** The list with the view saved: a view of the same report and name (any case) is replaced. */
export function gemVisning(alle: readonly GemtVisning[], v: GemtVisning): GemtVisning[] {
  const ny = { ...v, navn: v.navn.trim() };
  const andre = alle.filter(
    (x) => !(x.rapport === ny.rapport && x.navn.toLowerCase() === ny.navn.toLowerCase()),
  );
  return [...andre, ny].slice(-MAKS_VISNINGER);
}

export const sletVisning = (alle: readonly GemtVisning[], rapport: string, navn: string): GemtVisning[] =>
  alle.filter((x) => !(x.rapport === rapport && x.navn === navn));

/** The report's views in Danish name order. */
export const rapportensVisninger = (alle: readonly GemtVisning[], rapport: string): GemtVisning[] =>
  alle.filter((v) => v.rapport === rapport).sort((a, b) => a.navn.localeCompare(b.navn, 'da'));
