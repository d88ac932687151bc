import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { satsPeriode } from '../../../contract/brugerbetaling-regler';
import type { Afregningsaar } from '../../../contract/fakturering';
import { formatBp, formatOere } from '../../../contract/format';
import { hentTilstand } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import type { Vagt } from '../../records/vagt';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import type { DataTableColumn } from '../../ui/DataTable';
import { ListeRude } from '../../ui/ListeRude';
import type { TileCommand } from '../../workspace/tile-api';
import { useSatser } from './admin-api';
import { periodeSkrevetUd } from './admin-tal';
import { useSkiftVagt } from './admin-vagt';
import { type GemmereRef, GEBYRTYPER_TAST as TAST } from './gebyrtyper-gem';
import { SatsForm, type SatsVaerdier, satsVaerdier, TOMME_SATSER } from './SatsForm';

/**
 * The second screen of /fakturering/gebyrtyper: the calendar years' rates of user payment in a list,
 * and the form of the year chosen (or of a year given rates for the first time) beside it. The year
 * is chosen inside the view, so moving to another while the form holds changes asks first.
 */

const INGEN_AAR: readonly number[] = [];

/**
 * A year being given rates for the first time: as a start the year after the newest (any year without
 * rates can be typed, e.g. the one a stopped proposal run names) and the newest year's shares (fixed
 * by the order's bilag 2). The hourly rate starts empty: it is the ministry's figure for the year,
 * never the year before's.
 */
interface NytAar {
  aar: number;
  fra: string;
  til: string;
  start: SatsVaerdier;
}

export function SatsListe({
  vagt,
  setKommandoer,
  gemmere,
}: {
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
}) {
  const q = useSatser();
  const aarene = q.isError ? [] : (q.data ?? []);
  const [valgtAar, setValgtAar] = useState<number | null>(null);
  const [nytAar, setNytAar] = useState<NytAar | null>(null);
  const valgt = valgtAar !== null ? aarene.find((a) => a.aar === valgtAar) : undefined;
  const optagne = useMemo(() => aarene.map((a) => a.aar), [aarene]);
  const gridRef = useRef<HTMLTableElement>(null);

  const { formVagt, skift, confirmModal } = useSkiftVagt(vagt);
  const opretNytAar = useLatest(() =>
    skift(() => {
      const nyeste = aarene[0];
      const aar = nyeste ? Math.max(...aarene.map((a) => a.aar)) + 1 : new Date().getFullYear();
      setValgtAar(null);
      setNytAar({
        aar,
        ...satsPeriode(aar),
        start: nyeste
          ? { ...satsVaerdier(nyeste), aar: String(aar), timesatsOere: null, kilde: '' }
          : { ...TOMME_SATSER, aar: String(aar) },
      });
    }),
  );

  const [formKommandoer, setFormKommandoer] = useState<TileCommand[]>([]);
  useEffect(() => {
    setKommandoer([
      {
        id: 'satser-liste',
        label: 'Gå til satserne for brugerbetaling',
        shortcut: TAST.satser,
        keywords: ['satser', 'timesats', 'timetakst', 'brugerbetaling'],
        run: () => gridRef.current?.focus(),
      },
      {
        id: 'nyt-afregningsaar',
        label: 'Satser for et nyt år',
        shortcut: TAST.nytAar,
        keywords: ['ny', 'år', 'satser', 'timetakst'],
        disabled: !q.isSuccess,
        run: () => opretNytAar.current(),
      },
      ...formKommandoer,
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, formKommandoer, opretNytAar, q.isSuccess]);

  const columns = useMemo<DataTableColumn<Afregningsaar>[]>(
    () => [
      { id: 'aar', header: 'År', accessor: (a) => a.aar, width: 80 },
      {
        id: 'periode',
        header: 'Periode',
        accessor: (a) => a.fra,
        cell: (a) => periodeSkrevetUd(a.fra, a.til),
      },
      {
        id: 'timesatsOere',
        header: 'Timesats',
        accessor: (a) => a.timesatsOere,
        cell: (a) => formatOere(a.timesatsOere),
        align: 'right',
        width: 120,
      },
      {
        id: 'fremmedAndelBp',
        header: 'Fremmede ydelser',
        accessor: (a) => a.fremmedAndelBp,
        cell: (a) => formatBp(a.fremmedAndelBp),
        align: 'right',
        width: 130,
      },
      {
        id: 'husdyrGodkendelseAndelBp',
        header: 'Husdyrgodkendelser',
        accessor: (a) => a.husdyrGodkendelseAndelBp,
        cell: (a) => formatBp(a.husdyrGodkendelseAndelBp),
        align: 'right',
        width: 140,
      },
      {
        id: 'kilde',
        header: 'Kilde',
        accessor: (a) => a.kilde ?? '',
        cell: (a) => a.kilde ?? 'Ikke angivet',
      },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-satser');
  const selected = useMemo(() => new Set(valgtAar !== null ? [String(valgtAar)] : []), [valgtAar]);
  const vaelg = (aar: number) => {
    setNytAar(null);
    setValgtAar(aar);
  };
  /** Another year from the list: asks first while the open year's form holds changes. */
  const vaelgAndet = (aar: number) => {
    if (aar !== valgtAar || nytAar !== null) void skift(() => vaelg(aar));
  };

  const redigeret = valgt
    ? { aar: valgt.aar, fra: valgt.fra, til: valgt.til, gemt: valgt }
    : nytAar
      ? { aar: nytAar.aar, fra: nytAar.fra, til: nytAar.til, gemt: undefined }
      : null;

  return (
    <div className="rt fa-admin-del fa-bred">
      <ListeRude<Afregningsaar>
        titel="Satser for brugerbetaling"
        tabelLabel="Satser pr. år"
        antal={null}
        handlinger={
          <Button
            size="small"
            onClick={() => opretNytAar.current()}
            disabled={!q.isSuccess}
            title={medGenvej('Satser for et nyt år', TAST.nytAar)}
          >
            <Plus size={14} aria-hidden="true" />
            Nyt år
          </Button>
        }
        tomKlasse="fa-tom"
        tom="Der er ingen satser endnu. Tilføj et år med Miljøstyrelsens timetakst."
        tableName="fakturering-satser"
        columns={columns}
        rows={aarene}
        getRowId={(a) => String(a.aar)}
        defaultSort={{ column: 'aar', direction: 'DESC' }}
        {...hentTilstand(q, 'Satserne')}
        selectionMode="single"
        selected={selected}
        onSelectionChange={(s) => {
          const first = [...s][0];
          if (first) vaelgAndet(Number(first));
        }}
        onOpen={(a) => vaelgAndet(a.aar)}
        settings={settings}
        gridRef={gridRef}
        filterPlaceholder="Søg i årene"
      />
      <section className="rt-form" aria-label="Satser for året">
        {redigeret ? (
          <SatsForm
            key={`${redigeret.aar}:${redigeret.gemt ? 'gemt' : 'ny'}`}
            aar={redigeret.aar}
            fra={redigeret.fra}
            til={redigeret.til}
            gemt={redigeret.gemt}
            start={nytAar?.start}
            optagne={redigeret.gemt ? INGEN_AAR : optagne}
            vagt={formVagt}
            setKommandoer={setFormKommandoer}
            gemmere={gemmere}
            onGemt={(a) => vaelg(a.aar)}
            onAnnuller={() => setNytAar(null)}
          />
        ) : (
          <div className="rt-placeholder">
            <p className="muted">
              Vælg et år i listen med <kbd>Enter</kbd> for at rette dets satser. Timetaksten er
              Miljøstyrelsens for arbejde udført i kalenderåret: et afregningsår (1. november–31. oktober)
              fakturerer november og december med det foregående års takst.
            </p>
          </div>
        )}
      </section>
      {confirmModal}
    </div>
  );
}
