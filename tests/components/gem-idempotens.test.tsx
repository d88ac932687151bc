// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHttpClient, IDEMPOTENCY_HEADER } from '../../src/app/lib/http';
import { useVersionedForm, type VersionedForm } from '../../src/app/ui/form';
import { FORBINDELSE_TEKST } from '../../src/app/ui/form/kladde';
import { setupComponentTests } from './harness';

setupComponentTests();

/**
 * A new record's save that got no answer may have created the record on the server (issue 34: "a
 * save that fails because the network is gone … idempotency keys make a retry safe"). The form sends
 * every save of the same new record with one Idempotency-Key until one succeeds, through the real
 * HTTP client; the browser's fetch is the only stand-in (the network that is gone). The server's side
 * (the first answer kept per key, a replay instead of a second record) is tests/api/idempotens*.
 */

type Vaerdier = { navn: string };
type Post = { id: number; version: number; navn: string };

const noegler: (string | undefined)[] = [];
let svar: 'ingen' | 'oprettet' | 'noegle-brugt' = 'ingen';
const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
  noegler.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
  if (svar === 'ingen') throw new TypeError('Failed to fetch');
  if (svar === 'noegle-brugt')
    return new Response(JSON.stringify({ title: 'Idempotency-Key er allerede brugt', status: 422 }), {
      status: 422,
      headers: { 'content-type': 'application/json' },
    });
  return new Response(JSON.stringify({ id: 7, version: 1, navn: 'Ny' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
});

const http = createHttpClient({ getToken: () => 't', onTokenExpired: () => {}, onFailure: () => {} });
let vf: VersionedForm<Vaerdier>;

function NyPost({ identitet, record }: { identitet: string; record?: Post }) {
  vf = useVersionedForm<Vaerdier, Post>({
    identitet,
    schema: z.object({ navn: z.string() }),
    record,
    version: record?.version,
    nye: () => ({ navn: 'Ny' }),
    vaerdierAf: (r) => ({ navn: r.navn }),
    kanRette: true,
    gem: (data, r) =>
      r ? http.put<Post>(`post/${r.id}`, { ...data, version: r.version }) : http.post<Post>('post', data),
    fejl: () => ({ kind: 'andet' }),
  });
  return <form ref={vf.form.ref} aria-label="Post" />;
}

afterEach(() => {
  noegler.length = 0;
  vi.unstubAllGlobals();
});

describe('saving a new record after a save without an answer', () => {
  it('sends the retry with the first save’s Idempotency-Key, and the next new record with a new one', async () => {
    vi.stubGlobal('fetch', fetchStub);
    const { rerender } = render(<NyPost identitet="ny:1" />);
    svar = 'ingen';
    await act(() => vf.gem());
    expect(vf.forbindelse).toBe('mistet');
    // The client's own retry of a POST without an answer, then the user's Ctrl+S: one key throughout.
    svar = 'oprettet';
    await act(() => vf.gem());
    expect(noegler).toHaveLength(3);
    expect(new Set(noegler).size).toBe(1);
    expect(noegler[0]).toMatch(/^[0-9a-f-]{36}$/);

    // Saved: a new record in the same tile is another creation, with a key of its own.
    rerender(<NyPost identitet="ny:2" />);
    await act(() => vf.gem());
    expect(noegler).toHaveLength(4);
    expect(noegler[3]).not.toBe(noegler[0]);
  });

  it('says plainly that the first save created the record when the retry’s content differs (422)', async () => {
    vi.stubGlobal('fetch', fetchStub);
    render(<NyPost identitet="ny:3" />);
    svar = 'ingen';
    await act(() => vf.gem());
    svar = 'noegle-brugt';
    await act(() => vf.gem());
    expect(vf.konflikt).toBe(FORBINDELSE_TEKST.alleredeOprettet);
    expect(new Set(noegler).size).toBe(1);
  });

  it('orders no key for an edit of a saved record (a PUT carries its version instead)', async () => {
    vi.stubGlobal('fetch', fetchStub);
    render(<NyPost identitet="post:7" record={{ id: 7, version: 1, navn: 'Ny' }} />);
    svar = 'oprettet';
    await act(() => vf.gem());
    expect(noegler).toEqual([undefined]);
    // A POST made elsewhere afterwards still gets a fresh key of its own.
    await http.post('andet', {});
    expect(noegler[1]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
