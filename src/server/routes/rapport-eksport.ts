import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { formatDatoTid, idagIDanmark } from '../../contract/format';
import { ANTAL, eksporterRapport, filterTekst } from '../../contract/rapport';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { rapportForBruger } from '../rapport/adgang';
import {
  csvHoved,
  csvLinjer,
  eksportKolonne,
  forberedEksport,
  skriver,
  xlsxSkriver,
} from '../rapport/eksport';
import { planlaegRapport, rapportRaekke } from '../rapport/motor';
import { contentDisposition } from './filer';

/**
 * Report exports (issue 14): the whole result of a report view as CSV or XLSX, streamed from a
 * database cursor (src/server/rapport/eksport.ts). Checked like the report itself (right, columns,
 * filter) before the first byte, so a bad request is a Danish 400, never a broken file.
 */
export async function rapportEksportRoutes(app: FastifyInstance, { db, clock, forrang }: Deps) {
  serve(app, eksporterRapport, async (request, reply) => {
    const { def, kilde, typer } = rapportForBruger(request.user, request.params.reportType);
    const plan = planlaegRapport(def, { ...request.query, start: 0, take: 1 });
    const kundeId = request.user.kundeId;
    // An export is long work (declared `langvarig`, so not counted): it waits for interactive calls
    // between its steps.
    const eksport = await forberedEksport(db, kilde, plan, kundeId, typer, { vent: () => forrang.ro() });

    const kolonner = plan.valgte.map(eksportKolonne);
    const format = request.query.format;
    const stempel = clock ? clock() : new Date();
    // The file is named by the case worker's day (Denmark's), not UTC's.
    const filnavn = `${def.titel} ${idagIDanmark(stempel)}.${format}`;
    const ud = new PassThrough();
    const skriv = skriver(ud);
    request.raw.on('close', () => {
      if (!reply.raw.writableFinished) ud.destroy();
    });

    const koer = async () => {
      const raekker = (rows: Record<string, unknown>[]) => rows.map((r) => rapportRaekke(plan, r));
      if (format === 'csv') {
        await skriv(csvHoved(kolonner));
        await eksport.leverRaekker((rows) => skriv(csvLinjer(kolonner, raekker(rows))));
      } else {
        const bidder: Uint8Array[] = [];
        const x = xlsxSkriver(
          (b) => bidder.push(b),
          def.titel,
          [
            def.titel,
            `Udtrukket ${formatDatoTid(stempel)} af ${request.user.username}`,
            plan.filtre.length > 0
              ? `Filtre: ${plan.filtre.map((f) => filterTekst(def, f)).join('; ')}`
              : 'Filtre: ingen',
            ...(plan.valgte.includes(ANTAL)
              ? ['Rækkerne er grupperet; Antal tæller rækkerne i hver gruppe.']
              : []),
          ],
          kolonner,
        );
        const toem = async () => {
          for (const b of bidder.splice(0)) await skriv(b);
        };
        x.start();
        await toem();
        await eksport.leverRaekker(async (rows) => {
          x.raekker(raekker(rows));
          await toem();
        });
        x.slut();
        await toem();
      }
      ud.end();
    };
    koer().catch((err: unknown) => {
      // A client that went away ends the export; anything else is logged and the file cut short.
      if (!ud.destroyed) request.log.error({ err }, 'report export failed');
      ud.destroy(err instanceof Error ? err : new Error(String(err)));
    });

    return reply
      .code(200)
      .header(
        'content-type',
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('content-disposition', contentDisposition(filnavn))
      .header('x-antal-raekker', String(eksport.antal))
      .header('cache-control', 'private, no-store')
      .send(ud);
  });
}
