import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatDato } from '../../../contract/format';
import type { PrioriteringRaekke } from '../../../contract/planlaegning';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useAabnRaekke } from '../../records/useListeSkaerm';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileDirty } from '../../workspace/tile-api';
import {
  gemValgte,
  kategoriFilterVaerdi,
  nyeNumre,
  planKeys,
  usePrioritering,
  valgteIListeOrden,
} from './api';
import { useFrameCommands } from './Frame';
import { tilsynKolonner, virksomhedSti } from './kolonner';

const GEM_TAST = 'mod+s';

/** The chosen rows as the server holds them. */
const gemteValg = (raekker: readonly PrioriteringRaekke[]) =>
  new Set(raekker.filter((r) => r.valgt).map((r) => r.id));

const ens = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * A priority list (Kategori 1a + 1b, or Kategori 2): the period's planned inspections of the
 * categories, highest score first. Space chooses or unchooses the row under the cursor (a click on its
 * box too); Ctrl/Cmd+S saves, and the chosen are numbered 1, 2, … in the list's order. The 1a + 1b
 * list filters on Kategori in the tile (the save always covers the whole list); Enter opens the
 * company, Ctrl/Cmd+Enter beside.
 */
export function Prioritering({ periodeId, liste }: { periodeId: number; liste: '1a1b' | '2' }) {
  const client = useQueryClient();
  const q = usePrioritering(periodeId, liste === '2' ? (kategoriFilterVaerdi('2') as '2_') : undefined);
  const raekker = q.isError ? TOM : (q.data?.raekker ?? TOM);
  const [kategori, setKategori] = useState<'' | '1a' | '1b'>('');
  const [valgte, setValgte] = useState<Set<number> | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const [fejl, setFejl] = useState<string | null>(null);

  const gemte = useMemo(() => gemteValg(raekker), [raekker]);
  const aktuelle = valgte ?? gemte;
  const dirty = valgte !== null && !ens(valgte, gemte);
  const reset = useCallback(() => setValgte(null), []);
  useTileDirty(dirty, reset);

  const numre = useMemo(() => nyeNumre(raekker, aktuelle), [raekker, aktuelle]);
  const viste = useMemo(
    () => (kategori ? raekker.filter((r) => r.kategori === kategori) : raekker),
    [raekker, kategori],
  );

  const gem = useCallback(async () => {
    if (!q.data || gemmer) return;
    setGemmer(true);
    setFejl(null);
    try {
      const svar = await gemValgte(periodeId, liste, valgteIListeOrden(raekker, aktuelle), q.data.version);
      client.setQueryData(planKeys.prioritering(periodeId, liste === '2' ? '2_' : 'alle'), svar);
      setValgte(null);
      await client.invalidateQueries({ queryKey: planKeys.periode(periodeId) });
      toast.success('Prioriteringen er gemt');
    } catch (err) {
      setFejl(fejlTekst(err, { udenSvar: true, kilder: ['message', 'felter', 'title'] }));
    } finally {
      setGemmer(false);
    }
  }, [q.data, gemmer, periodeId, liste, raekker, aktuelle, client]);

  const commands = useMemo<TileCommand[]>(
    () => [
      {
        id: 'gem-prioritering',
        label: 'Gem prioritering',
        shortcut: GEM_TAST,
        keywords: ['gem', 'prioriter', 'vælg'],
        disabled: !dirty || gemmer,
        run: () => void gem(),
      },
    ],
    [dirty, gemmer, gem],
  );
  useFrameCommands(commands);

  const settings = useTableSettings(liste === '2' ? 'prioriteringKategori2' : 'prioriteringKategori1a1b');
  const columns = useMemo<DataTableColumn<PrioriteringRaekke>[]>(
    () => [
      {
        ...talKolonne('prioritet', 'Prioritet', (r) => numre.get(r.id) ?? null, {
          width: 76,
          maksDecimaler: 0,
        }),
        hideable: false,
      },
      tekstKolonne('virksomhedsnavn', 'Virksomhed', (r) => r.virksomhedsnavn, {
        hideable: false,
        width: '22%',
      }),
      ...tilsynKolonner<PrioriteringRaekke>(),
      {
        ...tekstKolonne('udfoert', 'Udført', (r) => r.udfoert, { width: 90 }),
        cell: (r) => (r.udfoert === null ? '' : formatDato(r.udfoert)),
      },
    ],
    [numre],
  );

  const [cursor, setCursor] = useState<PrioriteringRaekke | null>(null);

  const aabn = useAabnRaekke(virksomhedSti);

  // A new answer (another tile saved, a generation) makes the local choice start over from it.
  const version = q.data?.version;
  useEffect(() => {
    if (version !== undefined) setValgte(null);
  }, [version]);

  const valgtStreng = useMemo(() => new Set([...aktuelle].map(String)), [aktuelle]);

  return (
    <div className="plan-prioritering">
      <div className="plan-prioritering-linje">
        <span data-testid="antal-valgte">
          {aktuelle.size} af {raekker.length} valgt
        </span>
        {dirty && <span className="plan-muted">Ikke gemt</span>}
        {fejl && (
          <span className="plan-over" role="alert">
            {fejl}
          </span>
        )}
        <Button
          size="small"
          onClick={() => void gem()}
          disabled={!dirty || gemmer}
          title={medGenvej('Gem prioritering', GEM_TAST)}
        >
          {gemmer ? 'Gemmer …' : 'Gem prioritering'}
        </Button>
      </div>
      <DataTable<PrioriteringRaekke>
        tableName={liste === '2' ? 'prioriteringKategori2' : 'prioriteringKategori1a1b'}
        ariaLabel={liste === '2' ? 'Prioriteringsliste kategori 2' : 'Prioriteringsliste kategori 1a og 1b'}
        mode="memory"
        columns={columns}
        rows={viste}
        getRowId={(r) => String(r.id)}
        settings={settings}
        selectionMode="checkbox"
        selected={valgtStreng}
        onSelectionChange={(s) => setValgte(new Set([...s].map(Number)))}
        onOpen={aabn}
        onCursorChange={setCursor}
        loading={q.isFetching}
        error={q.isError ? fejlTekst(q.error, { udenSvar: true }) : null}
        onRetry={() => void q.refetch()}
        filterPlaceholder="Søg på virksomhed"
        toolbar={
          liste === '1a1b' ? (
            <select
              className="input"
              aria-label="Kategori"
              value={kategori}
              onChange={(e) => setKategori(e.target.value as '' | '1a' | '1b')}
            >
              <option value="">Kategori 1a og 1b</option>
              <option value="1a">1a</option>
              <option value="1b">1b</option>
            </select>
          ) : undefined
        }
      />
      {/* The cursor row's reason whole: the list keeps one line per row (long lists are virtualised by
          row height), so the keyboard reads the whole reason here, not only on hover. */}
      <p className="plan-begrundelse-hel" data-testid="begrundelse-hel" aria-live="polite">
        {cursor && (
          <>
            <strong>{cursor.virksomhedsnavn}:</strong> {cursor.begrundelse}
          </>
        )}
      </p>
    </div>
  );
}

const TOM: PrioriteringRaekke[] = [];
