import { useQuery } from '@tanstack/react-query';
import {
  type Arbejdsomraade,
  type ArbejdsomraadeInput,
  gemArbejdsomraade,
  hentArbejdsomraade,
  hentArbejdsomraader,
  opretArbejdsomraade,
  sletArbejdsomraade,
} from '../../contract/arbejdsomraader';
import { http, queryClient } from './runtime';

/**
 * The user's named workspaces in the active customer (issue 34), from the server, so they follow
 * the user to another PC. One query serves the palette, the home screen and the start layout; every
 * change refetches it. Calls are silent: the callers show a refusal where it belongs (the name
 * dialog under its field, a link that finds nothing as a message).
 */
export const arbejdsomraaderKey = (kundeId: number) => ['arbejdsomraader', kundeId] as const;

const hentListe = (signal?: AbortSignal) => http.call(hentArbejdsomraader, { signal, silent: true });

export function useArbejdsomraader(kundeId: number | undefined) {
  return useQuery({
    queryKey: arbejdsomraaderKey(kundeId ?? 0),
    queryFn: ({ signal }) => hentListe(signal),
    enabled: (kundeId ?? 0) > 0,
  });
}

/** The list now (from the cache when fresh): the start layout is read before the workspace shows. */
export const arbejdsomraaderNu = (kundeId: number): Promise<Arbejdsomraade[]> =>
  queryClient.fetchQuery({
    queryKey: arbejdsomraaderKey(kundeId),
    queryFn: ({ signal }) => hentListe(signal),
  });

/** One workspace by id (its link): 404 for another user's. */
export const hentEtArbejdsomraade = (id: number): Promise<Arbejdsomraade> =>
  http.call(hentArbejdsomraade, { params: { id }, silent: true });

const opdater = (kundeId: number) => queryClient.invalidateQueries({ queryKey: arbejdsomraaderKey(kundeId) });

export async function opretArbejdsomraadeNu(
  kundeId: number,
  input: ArbejdsomraadeInput,
): Promise<Arbejdsomraade> {
  const ny = await http.call(opretArbejdsomraade, { body: input, silent: true });
  await opdater(kundeId);
  return ny;
}

/** Renames it, saves another layout in it or moves the start mark, from the version the user saw. */
export async function gemArbejdsomraadeNu(
  kundeId: number,
  a: Arbejdsomraade,
  aendring: Partial<Pick<Arbejdsomraade, 'navn' | 'layout' | 'start'>>,
): Promise<Arbejdsomraade> {
  const body = { navn: a.navn, layout: a.layout, start: a.start, version: a.version, ...aendring };
  try {
    return await http.call(gemArbejdsomraade, { params: { id: a.id }, body, silent: true });
  } finally {
    await opdater(kundeId);
  }
}

export async function sletArbejdsomraadeNu(kundeId: number, a: Arbejdsomraade): Promise<void> {
  try {
    await http.call(sletArbejdsomraade, {
      params: { id: a.id },
      query: { version: a.version },
      silent: true,
    });
  } finally {
    await opdater(kundeId);
  }
}
