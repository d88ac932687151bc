// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fejlbesked as valideringFejl } from '../../src/app/features/validering/api';
import { HttpError, type HttpFailure } from '../../src/app/lib/http';
import {
  fejlTekst,
  foersteFeltBesked,
  httpStatus,
  INGEN_FORBINDELSE,
  serverTekst,
  UVENTET_FEJL,
  udenSvar,
} from '../../src/app/lib/http-fejl';
import { ERROR_TEXTS } from '../../src/app/shell/error-content';

const fejl = (status: number, body: unknown, noResponse = false) =>
  new HttpError({
    status,
    body,
    method: 'PUT',
    url: '/api/x',
    noResponse,
    at: new Date(0),
  } satisfies HttpFailure);

const problem = {
  title: 'Der er fejl i de indtastede oplysninger',
  status: 400,
  errors: { navn: ['Navn skal udfyldes'], cvrNr: ['CVR-nummeret skal være 8 cifre'] },
};

describe('serverTekst', () => {
  it('takes the first of the given places the answer carries', () => {
    expect(serverTekst(fejl(400, problem), ['felter', 'message', 'title'])).toBe('Navn skal udfyldes');
    expect(serverTekst(fejl(400, problem), ['message', 'title'])).toBe(problem.title);
    expect(serverTekst(fejl(409, { message: 'Virksomheden er ændret af en anden' }))).toBe(
      'Virksomheden er ændret af en anden',
    );
    expect(serverTekst(fejl(500, { FejlBesked: 'Databasen svarer ikke', title: 'Fejl' }))).toBe(
      'Databasen svarer ikke',
    );
    // An empty field list gives way to the next place.
    expect(serverTekst(fejl(400, { title: 'T', errors: {} }), ['felter', 'title'])).toBe('T');
  });

  it('gives nothing for an answer without text, a text body, or what is not an HTTP failure', () => {
    expect(serverTekst(fejl(404, {}))).toBeUndefined();
    expect(serverTekst(fejl(502, '<html>Bad gateway</html>'))).toBeUndefined();
    expect(serverTekst(fejl(500, undefined, true))).toBeUndefined();
    expect(serverTekst(new Error('boom'))).toBeUndefined();
    expect(serverTekst(fejl(409, { message: 'x' }), ['title'])).toBeUndefined();
  });
});

describe('fejlTekst', () => {
  it("says the server's text, else the general text", () => {
    expect(fejlTekst(fejl(409, { message: 'Ændret af en anden' }))).toBe('Ændret af en anden');
    expect(fejlTekst(fejl(404, {}))).toBe(UVENTET_FEJL);
    expect(fejlTekst(new Error('boom'))).toBe(UVENTET_FEJL);
    expect(fejlTekst('noget')).toBe(UVENTET_FEJL);
  });

  it('names a missing answer only when asked to', () => {
    const ingenSvar = fejl(500, undefined, true);
    expect(fejlTekst(ingenSvar, { udenSvar: true })).toBe(INGEN_FORBINDELSE);
    expect(fejlTekst(ingenSvar)).toBe(UVENTET_FEJL);
  });

  it("says an error's own message only when asked to", () => {
    expect(fejlTekst(new Error('Ugyldig fil'), { egenBesked: true })).toBe('Ugyldig fil');
  });
});

describe('helpers and call sites', () => {
  it('reads the first field message of a 400 body', () => {
    expect(foersteFeltBesked(problem)).toBe('Navn skal udfyldes');
    expect(foersteFeltBesked({ errors: {} })).toBeUndefined();
    expect(foersteFeltBesked(undefined)).toBeUndefined();
    expect(foersteFeltBesked('tekst')).toBeUndefined();
  });

  it('reads status and a missing answer', () => {
    expect(httpStatus(fejl(409, {}))).toBe(409);
    expect(httpStatus(new Error('x'))).toBe(0);
    expect(udenSvar(fejl(500, undefined, true))).toBe(true);
    expect(udenSvar(fejl(500, {}))).toBe(false);
    expect(udenSvar(null)).toBe(false);
  });

  it('the validation queues say message, FejlBesked, title, then the general text', () => {
    expect(valideringFejl(fejl(409, { message: 'Allerede godkendt', title: 'T' }))).toBe('Allerede godkendt');
    expect(valideringFejl(fejl(500, { FejlBesked: 'Databasen svarer ikke', title: 'T' }))).toBe(
      'Databasen svarer ikke',
    );
    expect(valideringFejl(fejl(400, problem))).toBe(problem.title);
    expect(valideringFejl(fejl(500, undefined, true))).toBe(INGEN_FORBINDELSE);
    expect(valideringFejl(new Error('Afbrudt'))).toBe('Afbrudt');
    expect(valideringFejl(42)).toBe(UVENTET_FEJL);
  });

  it('the error modal uses the same catalogue texts', () => {
    expect(ERROR_TEXTS.noResponse).toBe(INGEN_FORBINDELSE);
    expect(ERROR_TEXTS.other).toBe(UVENTET_FEJL);
    expect(INGEN_FORBINDELSE).toBe('Kunne ikke oprette forbindelse til serveren');
    expect(UVENTET_FEJL).toBe('Der opstod en uventet fejl');
  });
});
