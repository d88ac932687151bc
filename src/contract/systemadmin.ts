import { z } from 'zod';
import { endpoint } from './endpoint';

/** System administration (SYSTEM_ADMIN): the customers and their modules, and the error check. */
export const kundeModulerSchema = z.array(
  z.object({ kundeId: z.number(), kundeNavn: z.string(), kundeNr: z.number(), moduler: z.array(z.string()) }),
);

export const hentKundemoduler = endpoint({
  method: 'GET',
  path: '/systemadmin/kundemoduler',
  answer: kundeModulerSchema,
  access: 'SYSTEM_ADMIN',
});

/** Answers the chosen error, so an administrator can check that error reporting works end to end. */
export const afproevFejl = endpoint({
  method: 'GET',
  path: '/test/fejl/:status',
  params: z.object({
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(400), z.literal(403), z.literal(404), z.literal(409), z.literal(500)])),
  }),
  access: 'SYSTEM_ADMIN',
});
