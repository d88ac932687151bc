import { z } from 'zod';
import { endpoint } from './endpoint';

/** Palette entity search (issue 4): one customer-scoped endpoint over companies, farms, water plants and SAT companies. */
export const soegQuerySchema = z.object({
  tekst: z.string().trim().min(1, 'Søgeteksten skal udfyldes').max(100, 'Søgeteksten må højst være 100 tegn'),
  antal: z.coerce.number().int().min(1).max(50).default(20),
});

export const SOEG_TYPER = ['virksomhed', 'landbrug', 'vandanlaeg', 'satvirksomhed'] as const;
export const soegResultatSchema = z.object({
  id: z.number(),
  type: z.enum(SOEG_TYPER),
  navn: z.string(),
  adresse: z.string().nullable(),
  /** The identifying number shown beside the name: CVR, CHR, Jupiter id or (SAT companies) P-number. */
  nummer: z.string().nullable(),
  /** Why it matched: exact number, name prefix, or similar text. */
  match: z.enum(['nummer', 'navn', 'tekst']),
});
export const soegSvarSchema = z.object({ resultater: z.array(soegResultatSchema) });
export type SoegResultat = z.infer<typeof soegResultatSchema>;

/** GET soeg?tekst=&antal=: the palette's search over the customer's entities the user may read. */
export const soeg = endpoint({
  method: 'GET',
  path: '/soeg',
  query: soegQuerySchema,
  answer: soegSvarSchema,
});
