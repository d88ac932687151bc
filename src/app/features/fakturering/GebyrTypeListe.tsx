import { useEffect, useMemo } from 'react';
import type { GebyrTypeAdmin } from '../../../contract/fakturering';
import { formatIsoDato, formatOere } from '../../../contract/format';
import { GEBYR_ART_TEKST } from '../../../contract/sat';
import { hentTilstand } from '../../lib/http-fejl';
import type { Vagt } from '../../records/vagt';
import { useTableSettings } from '../../session/useTableSettings';
import type { DataTableColumn } from '../../ui/DataTable';
import { DetaljePladsholder, NyKnap } from '../../ui/form/DetaljeForm';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import type { TileCommand } from '../../workspace/tile-api';
import { useListeDetalje } from '../../workspace/useListeDetalje';
import { useGebyrTyper } from './admin-api';
import { GebyrTypeForm } from './GebyrTypeForm';
import { GEBYRTYPER_STI, type GemmereRef } from './gebyrtyper-gem';

/**
 * The first screen of /fakturering/gebyrtyper: the customer's fee types in a list, and beside it the
 * form of the one in the address (or of a new one).
 */

const satsTekst = (g: GebyrTypeAdmin) =>
  `${formatOere(g.satsOere)}${g.art === 'timesats' ? ' pr. time' : ''}`;

const NY_KOMMANDO = {
  id: 'ny-gebyrtype',
  label: 'Ny gebyrtype',
  keywords: ['ny', 'opret', 'gebyr', 'gebyrtype'],
};
const LISTE_KOMMANDO = {
  id: 'gebyrtyper-liste',
  label: 'Gå til gebyrtyperne',
  keywords: ['liste', 'gebyrtyper'],
};

export function GebyrTypeListe(p: {
  param: string | undefined;
  vagt: Vagt;
  /** The list's commands followed by the open form's. */
  setListeKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
}) {
  const q = useGebyrTyper();
  const typer = q.isError ? [] : (q.data ?? []);
  const ld = useListeDetalje({
    sti: GEBYRTYPER_STI,
    param: p.param,
    raekker: typer,
    hentet: q.isSuccess,
    ny: NY_KOMMANDO,
    liste: LISTE_KOMMANDO,
  });
  const { valgt } = ld;
  const { setListeKommandoer } = p;
  useEffect(() => {
    setListeKommandoer(ld.kommandoer);
    return () => setListeKommandoer([]);
  }, [setListeKommandoer, ld.kommandoer]);

  const columns = useMemo<DataTableColumn<GebyrTypeAdmin>[]>(
    () => [
      { id: 'navn', header: 'Navn', accessor: (g) => g.navn },
      { id: 'art', header: 'Art', accessor: (g) => GEBYR_ART_TEKST[g.art], width: 120 },
      {
        id: 'satsOere',
        header: 'Sats',
        accessor: (g) => g.satsOere,
        cell: satsTekst,
        align: 'right',
        width: 150,
      },
      {
        id: 'gyldigFra',
        header: 'Gyldig fra',
        accessor: (g) => g.gyldigFra,
        cell: (g) => formatIsoDato(g.gyldigFra),
        width: 96,
      },
      {
        id: 'gyldigTil',
        header: 'Gyldig til',
        accessor: (g) => g.gyldigTil,
        cell: (g) => formatIsoDato(g.gyldigTil),
        width: 96,
      },
      { id: 'aktiv', header: 'Aktiv', accessor: (g) => (g.aktiv ? 'Ja' : 'Nej'), width: 64 },
      { id: 'antalGebyrer', header: 'Gebyrer', accessor: (g) => g.antalGebyrer, align: 'right', width: 76 },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-gebyrtyper');

  return (
    <div className="rt fa-admin-del fa-bred">
      <ListeRude<GebyrTypeAdmin>
        titel="Gebyrtyper"
        handlinger={<NyKnap label="Ny gebyrtype" onClick={ld.startNy} />}
        tomKlasse="fa-tom"
        tom={
          <>
            Kunden har ingen gebyrtyper endnu. Opret den første med <NyTast />.
          </>
        }
        tableName="fakturering-gebyrtyper"
        columns={columns}
        rows={typer}
        getRowId={(g) => String(g.id)}
        {...hentTilstand(q, 'Gebyrtyperne')}
        {...ld.tabel}
        settings={settings}
        filterPlaceholder="Søg i gebyrtyper"
      />
      <section className="rt-form" aria-label={valgt ? valgt.navn : 'Ny gebyrtype'}>
        {ld.formAaben ? (
          <GebyrTypeForm
            key={valgt ? `g${valgt.id}` : 'ny'}
            gebyrType={valgt}
            vagt={p.vagt}
            setKommandoer={ld.setFormKommandoer}
            gemmere={p.gemmere}
            onOprettet={ld.oprettet}
            onAnnuller={ld.annullerNy}
          />
        ) : (
          <DetaljePladsholder
            findesIkke={ld.findesIkke}
            ikkeFundet="Gebyrtypen findes ikke hos den aktive kunde."
          >
            Vælg en gebyrtype i listen med <kbd>Enter</kbd>, eller opret en ny med <NyTast />.
          </DetaljePladsholder>
        )}
      </section>
    </div>
  );
}
