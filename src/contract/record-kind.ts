import { z } from 'zod';
import { idParamsSchema, rowVersionQuerySchema } from './common';
import { endpoint } from './endpoint';
import { type FeltDef, inputSchema, outputShape, type Tjek, versionSchema } from './felter';

/**
 * Records owned by anything: a record kind (tilsyn, håndhævelse ...) is declared once, for one owner
 * kind (company/farm, water plant, SAT company, planning period ...), and its endpoints, the server's
 * create/read/update/delete with audit log and 409 on stale versions, and the client's list and form
 * tab all come from that declaration. Records live in table `registrering` (owner row in
 * `virksomhed_id`, the kind in `art`): `titel`, `dato` and `sagsbehandlerId` are columns, every other
 * field lives in `data`.
 */

/**
 * Who owns records. The server registers a loader per owner name (src/server/routes/record-owners.ts)
 * that loads the owner of the user's customer and checks the right to read or change it; the log
 * entry of a change is written on the owner.
 */
export interface RecordOwner {
  /** The owner kind's name, the key of its server loader: 'virksomhed'. */
  navn: string;
  /** Path segment of the owner's records: `/<segment>/:id/<art>`. */
  segment: string;
  /** Read and write right when they are fixed; omitted where they depend on the owner (a company's type). */
  laeseret?: string;
  skriveret?: string;
  /**
   * How the list and create paths are shaped. 'ejer' (default): under the owner,
   * `GET|POST /<segment>/:id/<art>`. 'art': the specification's shape for water plants,
   * `GET /<art>/list/:id` and `POST /<art>` with the owner's id in the body as `virksomhedId`.
   */
  stier?: 'ejer' | 'art';
}

/** The owner of the company and farm records: rights by the company's type. */
export const VIRKSOMHED_EJER: RecordOwner = { navn: 'virksomhed', segment: 'virksomhed' };

/** The owner of a water plant's records (permits, inspections, Diadem ...), on the spec's paths. */
export const VANDANLAEG_EJER: RecordOwner = {
  navn: 'vandanlaeg',
  segment: 'vandanlaeg',
  laeseret: 'SAGSBEHANDLER_VANDANLAEG_LAES',
  skriveret: 'SAGSBEHANDLER_VANDANLAEG',
  stier: 'art',
};

/** The owner's id in the body of a create on 'art' paths. */
export const ejerIdBodySchema = z.object({ virksomhedId: z.number().int().positive() });

/** The fields most record kinds share: a required title, the case worker, a long remark. */
export const titelFelt = (label = 'Titel', max = 200): FeltDef => ({
  navn: 'titel',
  label,
  type: { kind: 'tekst', max, paakraevet: true },
});
export const sagsbehandlerFelt: FeltDef = {
  navn: 'sagsbehandlerId',
  label: 'Sagsbehandler',
  type: { kind: 'lookup', kilde: { special: 'sagsbehandler' } },
};
export const bemaerkningFelt: FeltDef = {
  navn: 'bemaerkning',
  label: 'Bemærkning',
  type: { kind: 'tekst', max: 4000, flerlinjet: true },
};

/** Fields stored as columns of `registrering`; the rest go to `data`. */
export const KOLONNE_FELTER = ['titel', 'dato', 'sagsbehandlerId'] as const;

export interface RecordKind<A extends string = string> {
  owner: RecordOwner;
  art: A;
  /** Singular and plural, as the interface writes them. */
  navn: string;
  flertal: string;
  /** 'Ny ...' on the create button. */
  nyLabel: string;
  felter: readonly FeltDef[];
  tjek?: Tjek;
  /** Columns of the list, by field name. */
  listeFelter: readonly string[];
  /** The kind's own rights where they differ from the owner's (e.g. a kind only an economist may change). */
  rettigheder?: { laes?: string; skriv?: string };
  /** The log's subject of every change (default: navn). */
  logEmne: string;
  /** Only owners of this entity type have the kind (dyrehold: farms). */
  kunForType?: number;
  /** Starting values of a new record besides empty fields (the form's defaults). */
  nyeStandard?: Readonly<Record<string, unknown>>;
  /** Only owners covered by user payment (basis.omfattetAfBrugerbetaling) get new records. */
  kraeverBrugerbetaling?: boolean;
  /**
   * Read-only fields derived when a record is read (a permit's Gældende/Udløbet from its dates):
   * from the record's fields and today's date (YYYY-MM-DD), the values of its `skrivebeskyttet` fields.
   */
  afled?: (v: Readonly<Record<string, unknown>>, iDag: string) => Record<string, unknown>;
  /**
   * The kind's list is not the owner's: its module serves the list itself (a dispensation's list is
   * per order), so the generic `GET {art}/list/:id` is declared but not served.
   */
  egenListe?: boolean;
}

export type RecordKindInput<A extends string> = Omit<RecordKind<A>, 'logEmne'> & { logEmne?: string };

/** Declares a record kind; the log subject defaults to the kind's name. */
export const defineRecordKind = <A extends string>(def: RecordKindInput<A>): RecordKind<A> => ({
  ...def,
  logEmne: def.logEmne ?? def.navn,
});

// biome-ignore lint/suspicious/noExplicitAny: any kind, for code that handles every kind alike
export type AnyRecordKind = RecordKind<any>;

/** What the form checks before it saves and what POST <owner>/{id}/{art} takes. */
export const recordOpretSchema = (kind: AnyRecordKind) => inputSchema(kind.felter, kind.tjek);
/** What PUT {art}/{id} takes: the same plus the version that was edited. */
export const recordRetSchema = (kind: AnyRecordKind) =>
  inputSchema(kind.felter, kind.tjek, { version: versionSchema });

const recordBase = {
  id: z.number(),
  titel: z.string(),
  dato: z.string().nullable(),
  sagsbehandlerId: z.number().nullable(),
  /** The owner row. */
  virksomhedId: z.number(),
  art: z.string(),
  version: z.number(),
  sagsbehandler: z.string().nullable(),
  oprettet: z.string(),
  oprettetAf: z.string().nullable(),
  opdateret: z.string(),
  opdateretAf: z.string().nullable(),
};

/** A record as the API answers it: the common columns and the kind's fields, side by side. */
export const recordSchema = (kind: AnyRecordKind) => z.object({ ...recordBase, ...outputShape(kind.felter) });

/** For code that handles every kind alike (the client's generic tab). */
export const anyRecordSchema = z.looseObject(recordBase);
export type AnyRecord = z.infer<typeof anyRecordSchema> & Record<string, unknown>;

export const versionQuerySchema = z.object({
  version: rowVersionQuerySchema('version skal sendes med (den version du har slettet)'),
});

/** The 409 message when a record was changed or deleted by someone else since it was opened. */
export const recordKonflikt = (navn: string) =>
  `${navn} er ændret af en anden bruger siden du åbnede den. Dine ændringer er ikke gemt; genindlæs for at se de nye oplysninger.`;

/**
 * The five endpoints of a kind:
 *   GET    <owner>/{id}/{art}   the owner's records of the kind, newest first
 *   POST   <owner>/{id}/{art}   create (201)
 *   GET    {art}/{id}           one record
 *   PUT    {art}/{id}           change (body carries version; stale → 409)
 *   DELETE {art}/{id}?version=  delete (soft; stale → 409)
 * The rights are the kind's own, else the owner's fixed ones; the owner's loader checks the rights
 * that depend on the owner's data.
 */
function lagEndpoints(kind: AnyRecordKind) {
  const item = recordSchema(kind);
  const artStier = kind.owner.stier === 'art';
  const ejer = `/${kind.owner.segment}/:id/${kind.art}`;
  const een = `/${kind.art}/:id`;
  const laeseret = kind.rettigheder?.laes ?? kind.owner.laeseret;
  const skriveret = kind.rettigheder?.skriv ?? kind.owner.skriveret;
  return {
    liste: endpoint({
      method: 'GET',
      path: artStier ? `/${kind.art}/list/:id` : ejer,
      params: idParamsSchema,
      answer: z.array(item),
      access: laeseret,
    }),
    /** On 'art' paths the owner's id comes in the body (`virksomhedId`) and the path has no params. */
    opret: endpoint({
      method: 'POST',
      path: artStier ? `/${kind.art}` : ejer,
      params: artStier ? z.object({}) : idParamsSchema,
      body: artStier ? inputSchema(kind.felter, kind.tjek, ejerIdBodySchema.shape) : recordOpretSchema(kind),
      answer: item,
      status: 201,
      access: skriveret,
    }),
    hent: endpoint({ method: 'GET', path: een, params: idParamsSchema, answer: item, access: laeseret }),
    ret: endpoint({
      method: 'PUT',
      path: een,
      params: idParamsSchema,
      body: recordRetSchema(kind),
      answer: item,
      access: skriveret,
    }),
    slet: endpoint({
      method: 'DELETE',
      path: een,
      params: idParamsSchema,
      query: versionQuerySchema,
      status: 204,
      access: skriveret,
    }),
  };
}
export type RecordEndpoints = ReturnType<typeof lagEndpoints>;

const endpointsAf = new WeakMap<AnyRecordKind, RecordEndpoints>();

/** The kind's endpoints, made once per declaration (server and client share them). */
export function recordEndpoints(kind: AnyRecordKind): RecordEndpoints {
  let eps = endpointsAf.get(kind);
  if (!eps) {
    eps = lagEndpoints(kind);
    endpointsAf.set(kind, eps);
  }
  return eps;
}

/** The params and body of a create for the owner with id `ejerId`, on either path shape. */
export function opretKald(kind: AnyRecordKind, ejerId: number, body: Record<string, unknown>) {
  return kind.owner.stier === 'art'
    ? { params: {}, body: { ...body, virksomhedId: ejerId } }
    : { params: { id: ejerId }, body };
}
