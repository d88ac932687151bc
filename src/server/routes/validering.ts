import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, kundeIdParamsSchema } from '../../contract/common';
import {
  beslutningBodySchema,
  beslutningSvarSchema,
  koeQuerySchema,
  medianBodySchema,
  medianSvarSchema,
  oppumpetListeSchema,
  oppumpetSideSchema,
  pejlingListeSchema,
  pejlingListQuerySchema,
  pejlingSideSchema,
  VALIDERING_STATUS,
  type ValideringArt,
  vandproeveListeSchema,
  vandproeveSideSchema,
} from '../../contract/validering';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { registerHaendelser } from '../realtime';
import { medianTest } from '../validering/median';
import { requireActiveKunde } from './entity-access';
import { beslut } from './validering-beslut';
import {
  BESLUT,
  findIndtag,
  findVandanlaeg,
  hentOppumpet,
  hentPejlinger,
  hentVandproever,
  LAES,
} from './validering-data';
import { valideringFortrydRoutes } from './validering-fortryd';
import { valideringKontaktRoutes, valideringMailRoutes } from './validering-mail';

/**
 * The validation queues of spec 001 §7 'Administration and validation', plus what the spec leaves
 * out but the screens need (pending readings, water samples, discarded entries), named in its style.
 */
export async function valideringRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /** The same set for plant level and intake level pumped quantities. */
  const oppumpet = (praefiks: string, niveau: 'anlaeg' | 'indtag') => {
    app.get(
      `/${praefiks}/list/:kundeId`,
      {
        config: { access: LAES },
        schema: {
          params: kundeIdParamsSchema,
          querystring: koeQuerySchema,
          response: { 200: oppumpetSideSchema },
        },
      },
      async (request) => {
        requireActiveKunde(request.user, request.params.kundeId);
        return hentOppumpet(db, niveau, {
          kundeId: request.user.kundeId,
          status: VALIDERING_STATUS.AFVENTER,
          ...request.query,
        });
      },
    );
    app.put(
      `/${praefiks}/GetMedian/:kundeId`,
      {
        config: { access: LAES },
        schema: { params: kundeIdParamsSchema, body: medianBodySchema, response: { 200: medianSvarSchema } },
      },
      async (request) => {
        requireActiveKunde(request.user, request.params.kundeId);
        const ids = request.body.ids?.length ? request.body.ids : null;
        return medianTest(db, request.user.kundeId, niveau, ids);
      },
    );
    beslutninger(praefiks, niveau);
    // godkendte/forkastede: {id} is the plant (plant level) or the intake (intake level).
    for (const [segment, status] of [
      ['godkendte', VALIDERING_STATUS.GODKENDT],
      ['forkastede', VALIDERING_STATUS.FORKASTET],
    ] as const) {
      app.get(
        `/${praefiks}/list/${segment}/:id`,
        {
          config: { access: LAES },
          schema: { params: idParamsSchema, response: { 200: oppumpetListeSchema } },
        },
        async (request) => {
          const { user } = request;
          if (niveau === 'anlaeg') {
            if (!(await findVandanlaeg(db, user.kundeId, request.params.id))) throw notFound('Vandanlægget');
            const s = await hentOppumpet(db, niveau, {
              kundeId: user.kundeId,
              status,
              vandanlaegId: request.params.id,
              nyesteFoerst: true,
            });
            return s.items;
          }
          const it = await findIndtag(db, user.kundeId, request.params.id);
          if (!it) throw notFound('Indtaget');
          const s = await hentOppumpet(db, niveau, {
            kundeId: user.kundeId,
            status,
            indtagId: it.id,
            nyesteFoerst: true,
          });
          return s.items;
        },
      );
    }
  };

  /** PUT {praefiks}/Godkend/{kundeId} and PUT {praefiks}/Forkast/{kundeId}. */
  const beslutninger = (praefiks: string, art: ValideringArt) => {
    for (const [handling, status] of [
      ['Godkend', VALIDERING_STATUS.GODKENDT],
      ['Forkast', VALIDERING_STATUS.FORKASTET],
    ] as const) {
      app.put(
        `/${praefiks}/${handling}/:kundeId`,
        {
          config: { access: BESLUT },
          schema: {
            params: kundeIdParamsSchema,
            body: beslutningBodySchema,
            response: { 200: beslutningSvarSchema },
          },
        },
        async (request) => {
          requireActiveKunde(request.user, request.params.kundeId);
          return beslut(db, request.user, art, status, request.body);
        },
      );
    }
  };

  oppumpet('OppumpedeVandmaengderValidering', 'anlaeg');
  oppumpet('IndtagNiveauValidering', 'indtag');

  // Water-level readings: the pending queue and its median test (names in the spec's style), the
  // spec's Pejling/Godkend|Forkast, Pejling/list (AnonymId = the intake) and IndtagNiveau/list/godkendte.
  app.get(
    '/PejlingValidering/list/:kundeId',
    {
      config: { access: LAES },
      schema: {
        params: kundeIdParamsSchema,
        querystring: koeQuerySchema,
        response: { 200: pejlingSideSchema },
      },
    },
    async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      return hentPejlinger(db, {
        kundeId: request.user.kundeId,
        status: VALIDERING_STATUS.AFVENTER,
        ...request.query,
      });
    },
  );
  app.put(
    '/PejlingValidering/GetMedian/:kundeId',
    {
      config: { access: LAES },
      schema: { params: kundeIdParamsSchema, body: medianBodySchema, response: { 200: medianSvarSchema } },
    },
    async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      const ids = request.body.ids?.length ? request.body.ids : null;
      return medianTest(db, request.user.kundeId, 'pejling', ids);
    },
  );
  beslutninger('Pejling', 'pejling');
  app.get(
    '/Pejling/list',
    {
      config: { access: LAES },
      schema: { querystring: pejlingListQuerySchema, response: { 200: pejlingSideSchema } },
    },
    async (request) => {
      const it = await findIndtag(db, request.user.kundeId, request.query.AnonymId);
      if (!it) throw notFound('Indtaget');
      return hentPejlinger(db, {
        kundeId: request.user.kundeId,
        status: null,
        indtagId: it.id,
        nyesteFoerst: true,
        start: request.query.start,
        take: request.query.take,
      });
    },
  );
  for (const [sti, status] of [
    ['/IndtagNiveau/list/godkendte/:id', VALIDERING_STATUS.GODKENDT],
    ['/PejlingValidering/list/forkastede/:id', VALIDERING_STATUS.FORKASTET],
  ] as const) {
    app.get(
      sti,
      { config: { access: LAES }, schema: { params: idParamsSchema, response: { 200: pejlingListeSchema } } },
      async (request) => {
        const it = await findIndtag(db, request.user.kundeId, request.params.id);
        if (!it) throw notFound('Indtaget');
        const s = await hentPejlinger(db, {
          kundeId: request.user.kundeId,
          status,
          indtagId: it.id,
          nyesteFoerst: true,
        });
        return s.items;
      },
    );
  }

  // Water samples awaiting approval.
  app.get(
    '/Vandproeve/list/:kundeId',
    {
      config: { access: LAES },
      schema: {
        params: kundeIdParamsSchema,
        querystring: koeQuerySchema,
        response: { 200: vandproeveSideSchema },
      },
    },
    async (request) => {
      requireActiveKunde(request.user, request.params.kundeId);
      return hentVandproever(db, {
        kundeId: request.user.kundeId,
        status: VALIDERING_STATUS.AFVENTER,
        ...request.query,
      });
    },
  );
  beslutninger('Vandproeve', 'vandproeve');
  for (const [segment, status] of [
    ['godkendte', VALIDERING_STATUS.GODKENDT],
    ['forkastede', VALIDERING_STATUS.FORKASTET],
  ] as const) {
    app.get(
      `/Vandproeve/list/${segment}/:id`,
      {
        config: { access: LAES },
        schema: { params: idParamsSchema, response: { 200: vandproeveListeSchema } },
      },
      async (request) => {
        if (!(await findVandanlaeg(db, request.user.kundeId, request.params.id)))
          throw notFound('Vandanlægget');
        const s = await hentVandproever(db, {
          kundeId: request.user.kundeId,
          status,
          vandanlaegId: request.params.id,
          nyesteFoerst: true,
        });
        return s.items;
      },
    );
  }

  registerHaendelser(fastify, deps, '/validering/haendelser', LAES);
  await valideringFortrydRoutes(fastify, deps);
  await valideringMailRoutes(fastify, deps);
  await valideringKontaktRoutes(fastify, deps);
}
