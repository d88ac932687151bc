import { z } from 'zod';
import { idSchema, isoDateTime } from './common';
import { endpoint } from './endpoint';

/**
 * Long jobs (issue 32): work longer than an interactive call (the year's plan, the year's invoice
 * proposals, the transfer of a batch) is started by a call that answers 202 with the job at once; the
 * work runs in the server in short transactions, and `GET job/{id}` tells how far it is and, when it
 * is done, its result (the answer the synchronous call gives) or why it failed. One run of a kind and
 * key (a period, a year, a batch) runs per customer at a time: a second start answers 409
 * (`jobKoererAllerede`). See docs/decisions.md 'Long jobs'.
 */

export const JOB_STATUSSER = ['koerer', 'faerdig', 'fejlet'] as const;
export type JobStatus = (typeof JOB_STATUSSER)[number];

/** The kinds of job, each started by its own call. */
export const JOB_ARTER = ['planlaegning.generer', 'fakturering.forslag', 'fakturering.overfoer'] as const;
export type JobArt = (typeof JOB_ARTER)[number];

export const jobSchema = z.object({
  id: z.number(),
  kind: z.enum(JOB_ARTER),
  /** What the job works on within its kind: the period's id, the year, the batch's id. */
  key: z.string(),
  /** What it does, in words ('Dan fakturaforslag for 2026'). */
  titel: z.string(),
  status: z.enum(JOB_STATUSSER),
  /** Progress: `done` of `total` steps (companies, invoices); total 0 while it is being counted. */
  done: z.number(),
  total: z.number(),
  /** Who started it (display name), null when the user is gone. */
  startetAf: z.string().nullable(),
  startet: isoDateTime,
  /** When it finished or failed; null while it runs. */
  afsluttet: isoDateTime.nullable(),
  /** The result of a finished job: the answer of the kind's synchronous call. */
  resultat: z.unknown().nullable(),
  /** Why a failed job failed, in Danish. */
  fejl: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** The 409 of a start while the same job runs; the answer carries the running job's id (`jobId`). */
export const jobKoererAllerede = (titel: string) =>
  `Jobbet kører allerede: ${titel}. Vent, til det er færdigt, før du starter det igen.`;

/** The reason given to a job that was running when its server process stopped. */
export const JOB_AFBRUDT =
  'Jobbet blev afbrudt, fordi serveren blev stoppet, mens det kørte. Start det igen.';

/**
 * GET job/{id} (addition): a job of the user's customer with its progress and, when done, its result.
 * Another customer's job answers 404; the right is the one of the call that started it.
 */
export const hentJob = endpoint({
  method: 'GET',
  path: '/job/:id',
  params: z.object({ id: idSchema }),
  answer: jobSchema,
});
