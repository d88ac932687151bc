import { z } from 'zod';
import { INT4_MAX, idParamsSchema, rowVersionQuerySchema } from './common';
import { type AnyEndpoint, endpoint } from './endpoint';
import { type FeltDef, inputSchema, maengdeInput, outputShape, type Tjek, versionSchema } from './felter';

/**
 * Records owned by anything: a record kind (tilsyn, håndhævelse ...) is declared once, for one owner
 * kind (company/farm, water plant, SAT company, planning period ...), and its endpoints, the server's
 * create/read/update/delete with audit log and 409 on stale versions, and the client's list and form
 * tab all come from that declaration. Records live in table `registrering` (owner row in
 * `virksomhed_id`, the kind in `art`): `titel`, `dato` and `sagsbehandlerId` are columns, every other
 * field lives in `data`.
 */

/**
 * Who owns records. The server registers a loader per owner name (src/server/records/ejere.ts)
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
   * 'art-id': the SAT shape, `GET /<art>/list/:id` and `POST /<art>/:id`. 'art-type': the same with
   * the owner's kind named in the path, `GET /<art>/:type/list/:id` and `POST /<art>/:type/:id`.
   * 'egne': the kind declares its own endpoints (`RecordKind.egne`) on the specification's paths, and
   * its records live in a table of their own (the server maps fields to columns): customer-level
   * objects (the owner is the token's customer, no owner id in a path) and, in the same way,
   * period-level ones (the period's id in the list and create paths).
   */
  stier?: 'ejer' | 'art' | 'art-id' | 'art-type' | 'egne';
  /**
   * With stier 'art-type': the path's {type} values, each with the company-table row types it names
   * (`satvirksomhed` → [4]); the first is the one a record tab uses. An id of another type is 404.
   */
  typeSegmenter?: Readonly<Record<string, readonly number[]>>;
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

/**
 * The owner of a SAT company's records (follow-up inspections, enforcement), on the spec's paths
 * `{art}/list/{id}` and `POST {art}/{satVirksomhedId}`. Only SAGSBEHANDLER_AFFALD reads or acts.
 */
export const SATVIRKSOMHED_EJER: RecordOwner = {
  navn: 'satvirksomhed',
  segment: 'satvirksomhed',
  laeseret: 'SAGSBEHANDLER_AFFALD',
  skriveret: 'SAGSBEHANDLER_AFFALD',
  stier: 'art-id',
};

/**
 * The owner of SAT results and fees: a SAT company or an ordinary company or farm (a SAT inspection
 * made as part of a miljøtilsyn), named in the path: `satresultat/satvirksomhed/{id}`,
 * `satgebyr/virksomhed/list/{id}`. Only SAGSBEHANDLER_AFFALD reads or acts.
 */
export const SAT_EJER: RecordOwner = {
  navn: 'sat',
  segment: 'sat',
  laeseret: 'SAGSBEHANDLER_AFFALD',
  skriveret: 'SAGSBEHANDLER_AFFALD',
  stier: 'art-type',
  typeSegmenter: { satvirksomhed: [4], virksomhed: [1, 2] },
};

/**
 * The owner of customer-level objects (phrases, map links, administrative details ...): the customer
 * of the token. Its kinds declare their own endpoints (stier 'egne') and keep their own tables; the
 * rights are the endpoints' own.
 */
export const KUNDE_EJER: RecordOwner = { navn: 'kunde', segment: 'kunde', stier: 'egne' };

/**
 * The owner of period-level objects (a planning period's resources ...): a planning period of the
 * token's customer, its id the path's parameter that is not the record's own (another customer's
 * period answers 404). Its kinds declare their own endpoints (stier 'egne') and keep their own tables.
 */
export const PERIODE_EJER: RecordOwner = { navn: 'periode', segment: 'planlaegningsperiode', stier: 'egne' };

/**
 * The endpoints of a kind on 'egne' paths, as the contract declares them (the specification's paths,
 * request schemas with their own Danish messages, and answers): the list, one record, create, change
 * and, where the kind may be deleted, delete (`?version=`).
 */
export interface EgneEndpoints {
  liste: AnyEndpoint;
  /** One record, where the specification has the call. */
  hent?: AnyEndpoint;
  /** None where the owner's records exist without one (a resource per case worker of the customer). */
  opret?: AnyEndpoint;
  ret: AnyEndpoint;
  slet?: AnyEndpoint;
  /**
   * The list answer's property that holds the records, where the answer carries more than them
   * (the resources' hours planned without a case worker); default: the answer is the records.
   */
  raekker?: string;
  /**
   * The create body's field that names the owner where the create's path does not (a follow-up
   * row's `periodeId`): the client's create call sets it, the form does not check it.
   */
  ejerFelt?: string;
}

/** The owner's id in the body of a create on 'art' paths. */
export const ejerIdBodySchema = z.object({
  virksomhedId: z
    .number()
    .int('Skal være et helt tal')
    .positive('Skal være et positivt tal')
    .max(INT4_MAX, 'Tallet er for stort'),
});

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

/** The field of a kind kept in the `dato` column. */
export const datoFeltAf = (kind: { datoFelt?: string }) => kind.datoFelt ?? 'dato';

/**
 * The client tab that shows a kind's records: the path segment under the owner's detail route, and
 * the name of the route's record-id parameter when the tab selects a record by its address
 * (`/<owner>/:id/<segment>/:<param>?`, e.g. 'tilsyn' and 'tilsynid'). The owner's tabs, the views
 * of its record tabs and the paths the timeline links to are derived from it (src/app/records/ramme-faner.ts).
 */
export interface RecordFane {
  segment: string;
  param?: string;
}

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
  /** The owner's tab that shows the kind; none: no tab of its own. */
  fane?: RecordFane;
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
   * The field kept in the `dato` column (default 'dato'): the date the record is ordered and placed
   * on the timeline by (a SAT result's `udfoertDato`).
   */
  datoFelt?: string;
  /**
   * The kind's list is not the owner's: its module serves the list itself (a dispensation's list is
   * per order), so the generic `GET {art}/list/:id` is declared but not served.
   */
  egenListe?: boolean;
  /** With an owner on 'egne' paths: the kind's endpoints (their bodies are what the form checks too). */
  egne?: EgneEndpoints;
  /**
   * With an owner on 'egne' paths: the field that identifies a record within its owner where it is not
   * `id` (a resource: its case worker's `brugerId`), and the name of the record's path parameter.
   */
  idFelt?: string;
  /** The field that names a record (its heading, its toasts); default 'titel'. */
  titelFelt?: string;
  /** The 409 text of a stale change; default `recordKonflikt(navn)`. */
  konflikt?: string;
  /**
   * A yes/no field that takes a record out of use instead of deleting it: the form offers
   * 'Deaktivér' / 'Genaktivér', which saves the stored record with the field switched.
   */
  aktivFelt?: string;
  /**
   * How a sentence names one record ('Vælg et sæt i listen') where 'Ny …'/'Nyt …' of `nyLabel` does
   * not say it (a plural label): the article and the noun (see recordEntal).
   */
  ental?: RecordEntal;
  /**
   * How the form's messages name a record where the kind's name does not say it (the follow-up's
   * 'Opfølgningen … er gemt', 'Opfølgningsrækken … slettes'): after a save (`gemt`), and in the
   * delete's question, command and toast (`slettet`); default the kind's name.
   */
  bestemt?: { gemt?: string; slettet?: string };
  /** How the form shows a field where the field's own label and input do not say it all, by field name. */
  formFelter?: Readonly<Record<string, FormFelt>>;
}

/** A field as the kind's form shows it (the list keeps the field's own label). */
export interface FormFelt {
  /** The form's label where it says more than the list's heading ('Aktiv (kan vælges på nye gebyrer)'). */
  label?: string;
  /**
   * The label by another field's value in the form (a rate 'Sats pr. time (kr.)' while the fee kind
   * is hourly, 'Beløb (kr.)' while it is fixed); a value not named keeps the label.
   */
  labelEfter?: { felt: string; labels: Readonly<Record<string, string>> };
  /** Shown under the field ('Tom: gælder indtil videre'). */
  hint?: string;
  /** A money, hours or per-cent field says what its text is read as ('= 1.234,50 kr.'). */
  visTolkning?: boolean;
  /** The field takes the form's whole width. */
  bred?: boolean;
  /** Shown in the list only (a count the server keeps). */
  kunListe?: boolean;
}

/** A field's label in a form that declares how it shows its fields, from the form's current values. */
export function formLabel(
  visning: Readonly<Record<string, FormFelt>> | undefined,
  f: FeltDef,
  vaerdier: Readonly<Record<string, unknown>>,
) {
  const vis = visning?.[f.navn];
  const efter = vis?.labelEfter;
  return (efter ? efter.labels[String(vaerdier[efter.felt])] : undefined) ?? vis?.label ?? f.label;
}

/** One record as a sentence names it: 'en frase', 'et tilsyn'. */
export interface RecordEntal {
  koen: 'en' | 'et';
  navn: string;
}

/**
 * How a sentence names one record of the kind: declared (`ental`), else read off the create label
 * ('Ny frase' → en frase, 'Nyt tilsyn' → et tilsyn), else 'en registrering'.
 */
export function recordEntal(kind: Pick<RecordKind, 'nyLabel' | 'ental'>): RecordEntal {
  if (kind.ental) return kind.ental;
  const [, t, navn] = /^Ny(t?) (.+)$/.exec(kind.nyLabel) ?? [];
  return navn ? { koen: t ? 'et' : 'en', navn } : { koen: 'en', navn: 'registrering' };
}

export type RecordKindInput<A extends string> = Omit<RecordKind<A>, 'logEmne'> & { logEmne?: string };

/** Declares a record kind; the log subject defaults to the kind's name. */
export const defineRecordKind = <A extends string>(def: RecordKindInput<A>): RecordKind<A> => ({
  ...def,
  logEmne: def.logEmne ?? def.navn,
});

// biome-ignore lint/suspicious/noExplicitAny: any kind, for code that handles every kind alike
export type AnyRecordKind = RecordKind<any>;

/**
 * What the form checks before it saves and what POST <owner>/{id}/{art} takes (an 'egne' kind: its
 * create's body without the owner's field the call sets, or where it has none its change's body
 * without the version).
 */
export function recordOpretSchema(kind: AnyRecordKind): z.ZodType {
  const egne = kind.egne;
  const opret = egne?.opret?.body;
  // The owner's field of the body is the call's, not the form's (EgneEndpoints.ejerFelt).
  if (opret instanceof z.ZodObject && egne?.ejerFelt) return opret.omit({ [egne.ejerFelt]: true } as never);
  if (opret) return opret;
  const ret = egne?.ret.body;
  if (ret instanceof z.ZodObject) return ret.omit({ version: true });
  return inputSchema(kind.felter, kind.tjek);
}

/**
 * A request body's schema as a form checks it: where the body takes a money, hours or per-cent field
 * as a plain number, the field kind's reading goes in front of it, so text that is not an amount gets
 * the kind's Danish instruction ('Angiv beløbet i kroner …') and the body's own checks (its maximum,
 * its words) follow.
 */
export function laestFormSchema(felter: readonly FeltDef[], body: z.ZodType): z.ZodType {
  if (!(body instanceof z.ZodObject)) return body;
  // The body's own check of the field takes the number read (any input: it is the body's).
  const shape = body.shape as Record<string, z.ZodType<unknown, number | null>>;
  const laest: Record<string, z.ZodType> = {};
  for (const f of felter) {
    const t = f.type;
    const egen = shape[f.navn];
    if (f.skrivebeskyttet || !egen || (t.kind !== 'beloeb' && t.kind !== 'timer' && t.kind !== 'procent'))
      continue;
    laest[f.navn] = maengdeInput(t.kind, { paakraevet: t.paakraevet }).pipe(egen);
  }
  return Object.keys(laest).length === 0 ? body : body.extend(laest);
}

/** What the kind's form checks before it saves: the create's schema, an 'egne' kind's read as a form. */
export const recordFormSchema = (kind: AnyRecordKind): z.ZodType =>
  kind.egne ? laestFormSchema(kind.felter, recordOpretSchema(kind)) : recordOpretSchema(kind);

/** New records of the kind can be made (an 'egne' kind without a create has none). */
export const kanOprettes = (kind: AnyRecordKind): boolean => !kind.egne || kind.egne.opret !== undefined;

/** The text that names a record: its title field's value. */
export const recordTitel = (kind: AnyRecordKind, r: Record<string, unknown>): string =>
  String(r[kind.titelFelt ?? 'titel'] ?? '');
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
/** The {type} and {id} of an 'art-type' path. */
export const typeParamsSchema = (owner: RecordOwner) =>
  z.object({
    type: z.enum(Object.keys(owner.typeSegmenter ?? {}) as [string, ...string[]], {
      error: 'Ukendt type',
    }),
    id: idParamsSchema.shape.id,
  });

/** The list and create paths of a kind, by its owner's path shape. */
function ejerStier(kind: AnyRecordKind): { liste: string; opret: string } {
  const a = kind.art;
  switch (kind.owner.stier ?? 'ejer') {
    case 'ejer':
      return { liste: `/${kind.owner.segment}/:id/${a}`, opret: `/${kind.owner.segment}/:id/${a}` };
    case 'art':
      return { liste: `/${a}/list/:id`, opret: `/${a}` };
    case 'art-id':
      return { liste: `/${a}/list/:id`, opret: `/${a}/:id` };
    case 'art-type':
      return { liste: `/${a}/:type/list/:id`, opret: `/${a}/:type/:id` };
    case 'egne':
      throw new Error(`${a} erklærer sine egne endpoints (kindEndpoints)`);
  }
}

function lagEndpoints(kind: AnyRecordKind) {
  const item = recordSchema(kind);
  const artStier = kind.owner.stier === 'art';
  const typeStier = kind.owner.stier === 'art-type';
  const stier = ejerStier(kind);
  const ejerParams = typeStier ? typeParamsSchema(kind.owner) : idParamsSchema;
  const een = `/${kind.art}/:id`;
  const laeseret = kind.rettigheder?.laes ?? kind.owner.laeseret;
  const skriveret = kind.rettigheder?.skriv ?? kind.owner.skriveret;
  return {
    liste: endpoint({
      method: 'GET',
      path: stier.liste,
      params: ejerParams,
      answer: z.array(item),
      access: laeseret,
    }),
    /** On 'art' paths the owner's id comes in the body (`virksomhedId`) and the path has no params. */
    opret: endpoint({
      method: 'POST',
      path: stier.opret,
      params: artStier ? z.object({}) : ejerParams,
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

/** Any kind's endpoints: an 'egne' kind's declared ones, else the ones made from its owner's path shape. */
type KindEndpoints = Omit<RecordEndpoints, 'slet' | 'opret'> & {
  opret?: RecordEndpoints['opret'];
  slet?: RecordEndpoints['slet'];
};
export const kindEndpoints = (kind: AnyRecordKind): KindEndpoints =>
  // The declared ones are called the same way (their answers are read as records of any kind).
  (kind.egne as KindEndpoints | undefined) ?? recordEndpoints(kind);

/** The {type} of an 'art-type' path: the given one, else the owner's first. */
const typeAf = (owner: RecordOwner, type?: string) => type ?? Object.keys(owner.typeSegmenter ?? {})[0];

/**
 * The params of an 'egne' path: the record's parameter (the kind's `idFelt`, default `:id`) is the
 * record's id where one is given; every other parameter is the owner's id (`:kundeId`, a period's `:id`).
 */
const egneParams = (kind: AnyRecordKind, path: string | undefined, ejerId: number, recordId?: number) =>
  Object.fromEntries(
    [...(path ?? '').matchAll(/:(\w+)/g)].map((m) => [
      m[1],
      recordId !== undefined && m[1] === (kind.idFelt ?? 'id') ? recordId : ejerId,
    ]),
  );

/** The params of one record's path (read, change, delete), on any path shape; the owner's id where the path names it. */
export function recordParams(kind: AnyRecordKind, recordId: number, ejerId: number) {
  return kind.owner.stier === 'egne'
    ? egneParams(kind, kind.egne?.ret.path, ejerId, recordId)
    : { id: recordId };
}

/** The params of the list of the owner with id `ejerId`, on any path shape. */
export function listeParams(kind: AnyRecordKind, ejerId: number, type?: string) {
  if (kind.owner.stier === 'egne') return egneParams(kind, kind.egne?.liste.path, ejerId);
  return kind.owner.stier === 'art-type' ? { type: typeAf(kind.owner, type), id: ejerId } : { id: ejerId };
}

/** The params and body of a create for the owner with id `ejerId`, on any path shape. */
export function opretKald(kind: AnyRecordKind, ejerId: number, body: Record<string, unknown>, type?: string) {
  return kind.owner.stier === 'art'
    ? { params: {}, body: { ...body, virksomhedId: ejerId } }
    : kind.owner.stier === 'egne'
      ? {
          params: egneParams(kind, kind.egne?.opret?.path, ejerId),
          body: kind.egne?.ejerFelt ? { ...body, [kind.egne.ejerFelt]: ejerId } : body,
        }
      : { params: listeParams(kind, ejerId, type), body };
}
