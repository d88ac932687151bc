import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { stiFor } from '../../../contract/endpoint';
import {
  type ValideringArt,
  valideringHaendelser,
  valideringHaendelseSchema,
} from '../../../contract/validering';
import { buildQuery } from '../../lib/http';
import { fejlTekst } from '../../lib/http-fejl';
import { STORAGE_KEYS, storage } from '../../lib/storage';

/** Query keys start with the domain: ['validering', art, ...]. */
export const valideringKey = (art: ValideringArt, ...rest: (string | number | null | undefined)[]) =>
  ['validering', art, ...rest] as const;

/** The server's message of a failed call (409, 404, 400 ...), for an inline text. */
export function fejlbesked(err: unknown): string {
  return fejlTekst(err, { udenSvar: true, egenBesked: true });
}

/** A call's failure as an Error with the server's Danish text (never 'HTTP 409 PUT …'). */
export const medDanskFejl = <R>(kald: Promise<R>): Promise<R> =>
  kald.catch((e: unknown) => {
    throw new Error(fejlbesked(e));
  });

// ---------------------------------------------------------------------------------------------
// Server-sent events: one EventSource for the whole client, shared by the open queues.

let kilde: EventSource | null = null;
let brugere = 0;
let genforsoeg: ReturnType<typeof setTimeout> | null = null;
let klient: QueryClient | null = null;

function aabn() {
  const token = storage.get(STORAGE_KEYS.token);
  if (!token || typeof EventSource === 'undefined') return;
  const es = new EventSource(`/api${stiFor(valideringHaendelser)}${buildQuery({ token })}`);
  kilde = es;
  es.addEventListener('besluttet', (e) => {
    const parsed = valideringHaendelseSchema.safeParse(JSON.parse((e as MessageEvent<string>).data));
    if (parsed.success) void klient?.invalidateQueries({ queryKey: ['validering', parsed.data.kind] });
  });
  es.addEventListener('klar', () => {
    // After a reconnect, decisions made meanwhile are fetched.
    void klient?.invalidateQueries({ queryKey: ['validering'] });
  });
  es.onerror = () => {
    // A refused stream (expired token: 401) is closed by the browser: open again with the current token.
    if (es.readyState === EventSource.CLOSED && kilde === es) {
      kilde = null;
      if (brugere > 0 && !genforsoeg) {
        genforsoeg = setTimeout(() => {
          genforsoeg = null;
          if (brugere > 0 && !kilde) aabn();
        }, 5000);
      }
    }
  };
}

/**
 * Keeps the event stream open while a validation view is shown: another validator's decisions
 * refresh this client's queues within a second or two, without reloading.
 */
export function useValideringHaendelser(): void {
  const qc = useQueryClient();
  useEffect(() => {
    klient = qc;
    brugere++;
    if (!kilde) aabn();
    return () => {
      brugere--;
      if (brugere === 0) {
        kilde?.close();
        kilde = null;
        if (genforsoeg) clearTimeout(genforsoeg);
        genforsoeg = null;
      }
    };
  }, [qc]);
}
