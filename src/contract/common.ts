import { z } from 'zod';

/** A positive integer id in a path or query (path params arrive as text). */
export const idSchema = z.coerce
  .number({ error: 'Skal være et tal' })
  .int({ error: 'Skal være et helt tal' })
  .positive({ error: 'Skal være et positivt tal' })
  .max(2_147_483_647, { error: 'Tallet er for stort' });

export const idParamsSchema = z.object({ id: idSchema });
export const kundeIdParamsSchema = z.object({ kundeId: idSchema });

/** 400 answer: problem details with the errors per field. */
export const problemDetailsSchema = z.object({
  title: z.string(),
  status: z.number(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** Dates travel as ISO text; the client revives them. */
export const isoDateTime = z.string();
