import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAENGDER } from '../../../contract/format';
import type { OpfoelgningOekonomi, Planlaegningsperiode } from '../../../contract/planlaegning';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import type { DataTableColumn } from '../../ui/DataTable';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { type TileCommand, useTile } from '../../workspace/tile-api';
import { adminKeys, useOekonomiSummer, useOpfoelgning } from './admin-api';
import { useSkiftVagt } from './admin-vagt';
import { Noegletal } from './Noegletal';
import { OpfoelgningForm } from './OpfoelgningForm';
import { FejlBoks, OPFOELGNING_TAL, OPFOELGNING_TAST as TAST } from './opfoelgning-felter';

/**
 * The follow-up of one planning period: the computed figures (Noegletal) above the period's rows in
 * a list, and the form of the row chosen (or of a new one) beside it. The row is chosen inside the
 * view, so moving to another while the form holds changes asks first.
 */
export function PeriodeOpfoelgning({
  periode,
  setKommandoer,
}: {
  periode: Planlaegningsperiode;
  setKommandoer(c: TileCommand[]): void;
}) {
  const summer = useOekonomiSummer(periode.id);
  const rows = useOpfoelgning(periode.id);
  const [valgtId, setValgtId] = useState<number | null>(null);
  const [ny, setNy] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const tile = useTile();
  const { formVagt, skift, confirmModal } = useSkiftVagt(tile.setDirty);
  /** Another row (or a new one): asks first while the open row's form holds changes. */
  const aabn = (id: number | null) => {
    if (id === valgtId && (id !== null || ny)) return;
    void skift(() => {
      setNy(id === null);
      setValgtId(id);
    });
  };

  const fejl = summer.isError ? summer.error : rows.isError ? rows.error : null;
  const raekker = rows.isError || summer.isError ? undefined : rows.data;
  const tal = rows.isError || summer.isError ? undefined : summer.data;
  const valgt = valgtId !== null ? raekker?.find((r) => r.id === valgtId) : undefined;

  const startNy = useLatest(() => aabn(null));
  const [formKommandoer, setFormKommandoer] = useState<TileCommand[]>([]);
  const klar = raekker !== undefined;
  useEffect(() => {
    setKommandoer([
      {
        id: 'ny-opfoelgning',
        label: 'Ny opfølgningsrække',
        shortcut: TAST.ny,
        keywords: ['ny', 'opret', 'opfølgning', 'økonomi'],
        disabled: !klar,
        run: () => startNy.current(),
      },
      {
        id: 'opfoelgning-liste',
        label: 'Gå til opfølgningens rækker',
        shortcut: TAST.liste,
        keywords: ['liste', 'rækker'],
        run: () => gridRef.current?.focus(),
      },
      ...formKommandoer,
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, startNy, klar, formKommandoer]);

  const columns = useMemo<DataTableColumn<OpfoelgningOekonomi>[]>(
    () => [
      { id: 'tekst', header: 'Tekst', accessor: (r) => r.tekst },
      ...OPFOELGNING_TAL.map(
        ({ navn, label, art }): DataTableColumn<OpfoelgningOekonomi> => ({
          id: navn,
          header: label,
          accessor: (r) => r[navn],
          cell: (r) => MAENGDER[art].vis(r[navn]),
          align: 'right',
          width: art === 'timer' ? 110 : 130,
        }),
      ),
      { id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning ?? '', defaultHidden: true },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-opfoelgningoekonomi');
  const selected = useMemo(() => new Set(valgtId !== null ? [String(valgtId)] : []), [valgtId]);
  const client = useQueryClient();

  if (fejl)
    return (
      <FejlBoks
        tekst={`Opfølgningen for ${periode.aar} kunne ikke hentes: ${fejlTekst(fejl, { udenSvar: true })}`}
        onProevIgen={() => {
          void client.refetchQueries({ queryKey: adminKeys.summer(periode.id) });
          void client.refetchQueries({ queryKey: adminKeys.opfoelgning(periode.id) });
        }}
      />
    );

  const formAaben = valgt !== undefined || (ny && valgtId === null);
  return (
    <div className="fa-opf-krop">
      <Noegletal aar={periode.aar} tal={tal} raekker={raekker} />
      <div className="rt fa-opf-del fa-bred">
        <ListeRude<OpfoelgningOekonomi>
          titel={`Opfølgning ${periode.aar}`}
          ariaLabel="Opfølgningens rækker"
          hentet={raekker !== undefined}
          handlinger={
            <Button
              size="small"
              onClick={() => startNy.current()}
              disabled={!klar}
              title={medGenvej('Ny opfølgningsrække', TAST.ny)}
            >
              <Plus size={14} aria-hidden="true" />
              Ny
            </Button>
          }
          tomKlasse="fa-tom"
          tom={
            <>
              Ingen opfølgningsrækker for {periode.aar} endnu. Opret en med <NyTast />.
            </>
          }
          tableName="fakturering-opfoelgningoekonomi"
          columns={columns}
          rows={raekker ?? []}
          getRowId={(r) => String(r.id)}
          loading={rows.isLoading}
          selectionMode="single"
          selected={selected}
          onSelectionChange={(s) => {
            const first = [...s][0];
            if (first) aabn(Number(first));
          }}
          onOpen={(r) => aabn(r.id)}
          settings={settings}
          gridRef={gridRef}
          filterPlaceholder="Søg i opfølgningen"
        />
        <section className="rt-form" aria-label={valgt ? valgt.tekst : 'Ny opfølgningsrække'}>
          {formAaben ? (
            <OpfoelgningForm
              key={valgt ? `r${valgt.id}` : 'ny'}
              periode={periode}
              raekke={valgt}
              tal={tal}
              vagt={formVagt}
              setKommandoer={setFormKommandoer}
              onOprettet={(r) => {
                setNy(false);
                setValgtId(r.id);
              }}
              onLukket={() => {
                setNy(false);
                setValgtId(null);
              }}
            />
          ) : (
            <div className="rt-placeholder">
              <p className="muted">
                Vælg en række med <kbd>Enter</kbd>, eller opret en ny med <NyTast />.
              </p>
            </div>
          )}
        </section>
      </div>
      {confirmModal}
    </div>
  );
}
