import { expect } from 'vitest';

type Svar = { statusCode: number; body: string };
type Kald = (method: 'POST' | 'PUT', url: string, user?: string, body?: unknown) => Promise<Svar>;

/** A contact person as the contact calls answer it. */
export type Kontakt = { id: number; version: number } & Record<string, unknown>;

/**
 * Creates a contact of the company or plant `id` as `user` (POST virksomhed/{id}/kontaktperson):
 * 201, answered with the name and role sent, on that owner. Answers the contact.
 */
export async function opretKontakt(
  req: Kald,
  id: number,
  user: string,
  kontakt: { navn: string; rolle: string; telefon: string; email: string },
): Promise<Kontakt> {
  const created = await req('POST', `virksomhed/${id}/kontaktperson`, user, kontakt);
  expect(created.statusCode).toBe(201);
  const k = JSON.parse(created.body) as Kontakt;
  expect(k).toMatchObject({ navn: kontakt.navn, rolle: kontakt.rolle, virksomhedId: id });
  return k;
}

/** Changes the contact `k` as `user` (PUT kontaktperson/{id}): 200 with a newer version. Answers the new version. */
export async function aendrKontakt(
  req: Kald,
  k: Kontakt,
  user: string,
  aendring: Record<string, unknown>,
): Promise<number> {
  const changed = await req('PUT', `kontaktperson/${k.id}`, user, { ...k, ...aendring });
  expect(changed.statusCode).toBe(200);
  const version = (JSON.parse(changed.body) as Kontakt).version;
  expect(version).toBeGreaterThan(k.version);
  return version;
}
