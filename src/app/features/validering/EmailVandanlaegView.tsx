import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  AAR_FEJL,
  erGyldigtAar,
  hentMailStatus,
  type IndberetningStatus,
  type MailStatusRaekke,
  type SendMailSvar,
  sendMailTilIndberettere,
} from '../../../contract/validering';
import { tabelHentning } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { useSession } from '../../session/useSession';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { fejlbesked } from './api';
import { datoTid, flertal } from './format';
import './validering.css';

/** Plants per SendMailTilIndberettere call: large selections go in batches with a progress bar. */
export const MAIL_BATCH = 25;
const INGEN: MailStatusRaekke[] = [];

const STATUS_TEKST: Record<IndberetningStatus, string> = {
  indberettet: 'Indberettet',
  delvis: 'Delvist indberettet',
  mangler: 'Mangler',
};

const KOLONNER: DataTableColumn<MailStatusRaekke>[] = [
  { id: 'anlaegsnavn', header: 'Vandanlæg', accessor: (r) => r.anlaegsnavn },
  { id: 'anlaegsnr', header: 'Anlægsnr.', accessor: (r) => r.anlaegsnr },
  { id: 'jupiterId', header: 'Jupiter-id', accessor: (r) => r.jupiterId, defaultHidden: true },
  {
    id: 'indberettere',
    header: 'Indberettere',
    accessor: (r) => r.indberettere.map((i) => `${i.navn} <${i.email}>`).join(', '),
    cell: (r) =>
      r.indberettere.length === 0 ? (
        <span className="vl-flag">Ingen e-mail</span>
      ) : (
        <span title={r.indberettere.map((i) => `${i.navn} (${i.rolle ?? ''}) ${i.email}`).join('\n')}>
          {r.indberettere.map((i) => i.navn).join(', ')}
        </span>
      ),
    sortable: false,
  },
  {
    id: 'indberetningStatus',
    header: 'Årets mængder',
    accessor: (r) => r.dageIndberettet,
    cell: (r) => (
      <span
        className={
          r.indberetningStatus === 'indberettet'
            ? 'vl-ok'
            : r.indberetningStatus === 'mangler'
              ? 'vl-flag'
              : undefined
        }
      >
        {STATUS_TEKST[r.indberetningStatus]}
        {r.indberetningStatus === 'delvis' ? ` (${r.dageIndberettet} af ${r.dageIAaret} dage)` : ''}
      </span>
    ),
  },
  {
    id: 'senestePaamindelse',
    header: 'Seneste påmindelse',
    accessor: (r) => r.senestePaamindelse,
    cell: (r) =>
      r.senestePaamindelse
        ? `${datoTid(r.senestePaamindelse)}${r.antalPaamindelser > 1 ? ` (${r.antalPaamindelser})` : ''}`
        : '',
  },
];

/**
 * /validering/emailvandanlaeg: per water plant and year, its reporters, whether the year's
 * quantities are reported and the last reminder; reminders go to the selected plants' reporters in
 * batches of 25 with a progress bar.
 */
export default function EmailVandanlaegView(_props: ViewProps) {
  const tile = useTile();
  const qc = useQueryClient();
  const { user, ressourcer, brugerSettings } = useSession();
  const kundeId = user?.customerId ?? 0;
  const maaSende = ressourcer.has('SAGSBEHANDLER_VANDANLAEG');
  const settings = useTableSettings('valideringMailStatus');
  const aarId = useId();
  const statusId = useId();

  const [aarTekst, setAarTekst] = useState(() =>
    String(brugerSettings?.oversigtOverIndberetningerAar ?? new Date().getFullYear()),
  );
  const gyldigt = erGyldigtAar(aarTekst);
  const [aar, setAar] = useState(() => Number(aarTekst));
  useEffect(() => {
    if (gyldigt) setAar(Number(aarTekst));
  }, [aarTekst, gyldigt]);
  const [status, setStatus] = useState<'' | IndberetningStatus>('');
  const [filter, setFilter] = useState('');

  const liste = useQuery({
    queryKey: ['validering', 'mail', kundeId, aar, status, filter],
    queryFn: ({ signal }) =>
      http.call(hentMailStatus, {
        signal,
        query: {
          kundeId,
          year: aar,
          filter: filter || undefined,
          take: 10_000,
          filteredColumns: status ? [`indberetningStatus:${status}`] : undefined,
        },
      }),
    enabled: kundeId > 0 && gyldigt,
    placeholderData: keepPreviousData,
  });
  const rows = liste.data?.items ?? INGEN;
  const [valgte, setValgte] = useState<Set<string>>(new Set());
  useEffect(() => {
    // A new year or filter: keep only what is still listed.
    setValgte((v) => {
      const ids = new Set(rows.map((r) => String(r.vandanlaegId)));
      const next = new Set([...v].filter((id) => ids.has(id)));
      return next.size === v.size ? v : next;
    });
  }, [rows]);

  // ---- sending in batches
  const [spoerg, setSpoerg] = useState(false);
  const [fremdrift, setFremdrift] = useState<{ sendt: number; ialt: number } | null>(null);
  const [resultat, setResultat] = useState<string | null>(null);
  const afbryd = useRef(false);
  const send = useCallback(async () => {
    setSpoerg(false);
    const ids = rows.filter((r) => valgte.has(String(r.vandanlaegId))).map((r) => r.vandanlaegId);
    if (ids.length === 0) return;
    afbryd.current = false;
    setResultat(null);
    setFremdrift({ sendt: 0, ialt: ids.length });
    const svar: SendMailSvar = [];
    let fejl: string | null = null;
    for (let i = 0; i < ids.length && !afbryd.current; i += MAIL_BATCH) {
      const batch = ids.slice(i, i + MAIL_BATCH);
      try {
        svar.push(
          ...(await http.call(sendMailTilIndberettere, {
            params: { kundeId },
            query: { year: aar },
            body: batch,
            silent: true,
          })),
        );
      } catch (e) {
        fejl = fejlbesked(e);
        break;
      }
      setFremdrift({ sendt: Math.min(i + batch.length, ids.length), ialt: ids.length });
    }
    const sendt = svar.filter((s) => s.status === 'sendt');
    const modtagere = sendt.reduce((n, s) => n + s.modtagere.length, 0);
    const uden = svar.filter((s) => s.status === 'ingenModtagere').length;
    const dele = [
      `Påmindelse sendt til ${flertal(sendt.length, 'vandanlæg', 'vandanlæg')} (${flertal(modtagere, 'modtager', 'modtagere')})`,
    ];
    if (uden > 0) dele.push(`${flertal(uden, 'vandanlæg', 'vandanlæg')} uden indberettere med e-mail`);
    if (fejl) dele.push(`Afbrudt: ${fejl}`);
    else if (afbryd.current) dele.push('Afbrudt af brugeren');
    const tekst = `${dele.join('. ')}.`;
    setResultat(tekst);
    if (fejl) toast.error(tekst);
    else toast.success(tekst);
    setFremdrift(null);
    setValgte(new Set());
    void qc.invalidateQueries({ queryKey: ['validering', 'mail'] });
  }, [rows, valgte, kundeId, aar, qc]);

  const vaelgAlle = useCallback(() => setValgte(new Set(rows.map((r) => String(r.vandanlaegId)))), [rows]);
  const vaelgManglende = useCallback(
    () =>
      setValgte(
        new Set(
          rows
            .filter((r) => r.indberetningStatus !== 'indberettet' && r.antalIndberettere > 0)
            .map((r) => String(r.vandanlaegId)),
        ),
      ),
    [rows],
  );
  const sender = fremdrift !== null;
  const commands = useMemo<TileCommand[]>(
    () => [
      {
        id: 'validering:send',
        label: 'Send påmindelse',
        shortcut: 's',
        run: () => valgte.size > 0 && setSpoerg(true),
        disabled: !maaSende || sender || valgte.size === 0,
      },
      { id: 'validering:vaelgalle', label: 'Vælg alle vandanlæg på listen', shortcut: 'a', run: vaelgAlle },
      {
        id: 'validering:vaelgmanglende',
        label: 'Vælg vandanlæg der mangler at indberette',
        shortcut: 'n',
        run: vaelgManglende,
      },
    ],
    [maaSende, sender, valgte.size, vaelgAlle, vaelgManglende],
  );
  useTileCommands(commands);

  const gridRef = useRef<HTMLTableElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list has loaded
  useEffect(() => {
    if (tile.focused && gridRef.current && document.activeElement?.classList.contains('tile'))
      gridRef.current.focus();
  }, [tile.focused, liste.isSuccess]);

  return (
    <div className="vl-side" data-testid="validering-mail">
      <div className="vl-bar">
        <span className="vl-felt">
          <label htmlFor={aarId}>År</label>
          <input
            id={aarId}
            className={`input${gyldigt ? '' : ' invalid'}`}
            inputMode="numeric"
            value={aarTekst}
            maxLength={4}
            aria-invalid={!gyldigt}
            aria-describedby={gyldigt ? undefined : `${aarId}-fejl`}
            onChange={(e) => setAarTekst(e.target.value.replace(/\D/g, ''))}
          />
        </span>
        {!gyldigt && (
          <span id={`${aarId}-fejl`} className="vl-felt-fejl" role="alert">
            {AAR_FEJL}
          </span>
        )}
        <span className="vl-felt">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            className="input"
            style={{ width: 'auto' }}
            value={status}
            onChange={(e) => setStatus(e.target.value as '' | IndberetningStatus)}
          >
            <option value="">Alle</option>
            <option value="mangler">Mangler</option>
            <option value="delvis">Delvist indberettet</option>
            <option value="indberettet">Indberettet</option>
          </select>
        </span>
        <Button size="small" color="secondary" onClick={vaelgAlle} title="Vælg alle (A)">
          Vælg alle
        </Button>
        <Button
          size="small"
          color="secondary"
          onClick={vaelgManglende}
          title="Vælg dem der mangler at indberette (N)"
        >
          Vælg manglende
        </Button>
        <Button
          size="small"
          onClick={() => setSpoerg(true)}
          disabled={!maaSende || sender || valgte.size === 0}
          title="Send påmindelse (S)"
        >
          <Mail size={14} aria-hidden /> Send påmindelse
        </Button>
        <span className="vl-status muted">
          {liste.data ? flertal(liste.data.totalCount, 'vandanlæg', 'vandanlæg') : ''}
          {valgte.size > 0 ? ` · ${flertal(valgte.size, 'valgt', 'valgt')}` : ''}
        </span>
      </div>
      {fremdrift && (
        <div className="vl-fremdrift" role="status">
          <span>
            Sender påmindelser … {fremdrift.sendt} af {fremdrift.ialt} vandanlæg
          </span>
          <progress max={fremdrift.ialt} value={fremdrift.sendt} aria-label="Sendte påmindelser" />
          <Button
            size="x-small"
            color="secondary"
            onClick={() => {
              afbryd.current = true;
            }}
          >
            Afbryd
          </Button>
        </div>
      )}
      {resultat && !fremdrift && (
        <div className="vl-besked vl-besked-ok" role="status" data-testid="mail-resultat">
          <span>{resultat}</span>
        </div>
      )}
      <div className="vl-tabel">
        <DataTable<MailStatusRaekke>
          tableName="valideringMailStatus"
          ariaLabel="Indberetningsstatus pr. vandanlæg"
          columns={KOLONNER}
          rows={gyldigt ? rows : INGEN}
          getRowId={(r) => String(r.vandanlaegId)}
          mode="memory"
          onFilterChange={setFilter}
          filterPlaceholder="Filtrér på anlæg, nr. eller indberetter"
          {...tabelHentning(liste, fejlbesked)}
          selectionMode={maaSende ? 'checkbox' : 'disabled'}
          selected={valgte}
          onSelectionChange={setValgte}
          onOpen={(r) => tile.openBeside(`/vandanlaeg/${r.vandanlaegId}/maengder`)}
          settings={settings}
          gridRef={gridRef}
        />
      </div>
      <Modal
        open={spoerg}
        size="small"
        title="Send påmindelse"
        onClose={() => setSpoerg(false)}
        footer={
          <>
            <Button color="secondary" onClick={() => setSpoerg(false)}>
              Fortryd
            </Button>
            <Button onClick={() => void send()} data-autofocus>
              Send
            </Button>
          </>
        }
      >
        <p>
          Send påmindelse om indberetning af oppumpede vandmængder for {aar} til indberetterne på{' '}
          {flertal(valgte.size, 'vandanlæg', 'vandanlæg')}?
        </p>
      </Modal>
    </div>
  );
}
