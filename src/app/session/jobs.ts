import type { z } from 'zod';
import { hentJob, type Job } from '../../contract/jobs';
import { HttpError } from '../lib/http';
import { fejlTekst } from '../lib/http-fejl';
import { http } from './runtime';

/** How often a running job is asked how far it is. */
const SPOERG_MS = 400;

/** A job that failed: its Danish reason is the message. */
export class JobFejl extends Error {}

/** What to tell the user of a job that could not start or failed: the job's own reason, else the call's. */
export function jobFejlTekst(err: unknown): string {
  return err instanceof JobFejl ? err.message : fejlTekst(err, { udenSvar: true });
}

/** The running job's id in a 409 'Jobbet kører allerede …', if that is what the error is. */
export function koerendeJobId(err: unknown): number | null {
  if (!(err instanceof HttpError) || err.failure.status !== 409) return null;
  const id = (err.failure.body as { jobId?: unknown } | undefined)?.jobId;
  return typeof id === 'number' ? id : null;
}

/**
 * Follows a long job (issue 32) until it stops: `onJob` hears every state (for the progress bar); a
 * finished job answers its result parsed by `resultat` (the synchronous call's answer schema), a
 * failed one throws JobFejl with its reason. `signal` stops the following (not the job).
 */
export async function foelgJob<S extends z.ZodType>(
  id: number,
  resultat: S,
  onJob: (job: Job) => void,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  for (;;) {
    const job = await http.call(hentJob, { params: { id }, silent: true, ...(signal ? { signal } : {}) });
    onJob(job);
    if (job.status === 'faerdig') return resultat.parse(job.resultat);
    if (job.status === 'fejlet') throw new JobFejl(job.fejl ?? 'Jobbet fejlede');
    await new Promise<void>((ok, fejl) => {
      const t = setTimeout(ok, SPOERG_MS);
      signal?.addEventListener('abort', () => {
        clearTimeout(t);
        fejl(signal.reason);
      });
    });
  }
}

/**
 * Starts a job with `start` (a call answering 202 with the job) and follows it to its result. When the
 * same job runs already (409 with its id), `onKoerer` hears the server's Danish message and that job
 * is followed instead: the user sees it finish rather than a refusal alone.
 */
export async function koerJob<S extends z.ZodType>(
  start: () => Promise<Job>,
  resultat: S,
  onJob: (job: Job) => void,
  onKoerer?: (besked: string) => void,
): Promise<z.output<S>> {
  let job: Job;
  try {
    job = await start();
  } catch (err) {
    const id = koerendeJobId(err);
    if (id === null) throw err;
    const besked = ((err as HttpError).failure.body as { message?: string } | undefined)?.message;
    if (besked) onKoerer?.(besked);
    return foelgJob(id, resultat, onJob);
  }
  onJob(job);
  return foelgJob(job.id, resultat, onJob);
}
