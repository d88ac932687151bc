import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Download, Pencil, Power, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  DOKUMENT_TYPER,
  type DokumentSkabelon,
  type DokumentType,
  hentSkabeloner,
  hentSkabelonFil,
  retSkabelon,
} from '../../../contract/dokumenter';
import { stiFor } from '../../../contract/endpoint';
import { formatDatoTid } from '../../lib/dates';
import { filStoerrelse, gemSomFil } from '../../lib/fil';
import { HttpError } from '../../lib/http';
import { fejlTekst, hentTilstand, serverTekst } from '../../lib/http-fejl';
import { useLatest } from '../../lib/useLatest';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import type { DataTableColumn } from '../../ui/DataTable';
import { ConflictAlert } from '../../ui/form/ConflictAlert';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { ListeRude } from '../../ui/ListeRude';
import { Modal } from '../../ui/Modal';
import { FortrydOgHandling } from '../../ui/ModalFod';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { dokumentKeys } from './DokumentApi';
import {
  DokumentFeltTabel,
  DokumentTypeOptions,
  DokumentUploadModal,
  feltStatus,
} from './DokumentUploadModal';
import '../../records/record.css';
import './DokumentSkabeloner.css';

const TAST = {
  op: 'alt+n',
  liste: 'alt+l',
  omdoeb: 'alt+shift+o',
  aktiv: 'alt+shift+a',
  hent: 'alt+shift+h',
} as const;

const typeNavn = (t: string) => DOKUMENT_TYPER[t as DokumentType] ?? t;

/**
 * /admin/dokumentskabeloner (KOMMUNE_ADMIN or SAGSBEHANDLER_ADMIN): the customer's Word templates per
 * document kind, active or not, who uploaded each and when, with the names each holds. 'Læg skabelon
 * op' scans a .docx and shows what it holds before it is saved; a template is renamed, deactivated or
 * activated (versioned: someone else's change in between is a conflict shown here) and downloaded.
 * Every action is a tile command with a shortcut and a button.
 */
export default function DokumentskabelonerView(_props: ViewProps) {
  const session = useShellSession();
  const kundeId = session.user?.customerId;
  if (kundeId === undefined) return null;
  return <Dokumentskabeloner kundeId={Number(kundeId)} />;
}

function Dokumentskabeloner({ kundeId }: { kundeId: number }) {
  const client = useQueryClient();
  const filterId = useId();
  const [typeFilter, setTypeFilter] = useState<DokumentType | ''>('');
  const q = useQuery({
    queryKey: dokumentKeys.skabeloner(kundeId),
    queryFn: ({ signal }) => http.call(hentSkabeloner, { params: { kundeId }, signal }),
    staleTime: 30_000,
  });
  const alle = q.data ?? [];
  const rows = useMemo(
    () => (typeFilter ? alle.filter((s) => s.dokumentType === typeFilter) : alle),
    [alle, typeFilter],
  );
  const [valgtId, setValgtId] = useState<number | null>(null);
  const valgt = alle.find((s) => s.id === valgtId);
  const [upload, setUpload] = useState(false);
  const [omdoeb, setOmdoeb] = useState<DokumentSkabelon | null>(null);
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const [arbejder, setArbejder] = useState<string | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);

  const opdater = (s: DokumentSkabelon) =>
    client.setQueryData<DokumentSkabelon[]>(dokumentKeys.skabeloner(kundeId), (l) =>
      l?.map((x) => (x.id === s.id ? s : x)),
    );

  /** A versioned change of the selected template; 409 shows the conflict above the list. */
  const ret = async (s: DokumentSkabelon, aendring: { navn?: string; aktiv?: boolean }, besked: string) => {
    setKonflikt(null);
    try {
      const ny = await http.call(retSkabelon, {
        params: { id: s.id },
        body: { navn: aendring.navn ?? s.navn, aktiv: aendring.aktiv ?? s.aktiv, version: s.version },
        silent: true,
      });
      opdater(ny);
      toast.success(besked.replace('{navn}', ny.navn));
      return { ok: true as const };
    } catch (err) {
      if (err instanceof HttpError && err.failure.status === 409) {
        const tekst = serverTekst(err, ['message', 'title']) ?? 'Skabelonen er ændret af en anden';
        setKonflikt(tekst);
        return { ok: false as const, konflikt: tekst };
      }
      return { ok: false as const, fejl: fejlTekst(err, { kilder: ['felter', 'message', 'title'] }) };
    }
  };

  const skiftAktiv = async () => {
    if (!valgt || arbejder) return;
    setArbejder('aktiv');
    const r = await ret(
      valgt,
      { aktiv: !valgt.aktiv },
      valgt.aktiv ? "Skabelonen '{navn}' er deaktiveret" : "Skabelonen '{navn}' er aktiveret",
    );
    if (!r.ok && 'fejl' in r) toast.error(r.fejl);
    setArbejder(null);
  };

  const hent = async () => {
    if (!valgt || arbejder) return;
    setArbejder('hent');
    try {
      const svar = await http.download('GET', stiFor(hentSkabelonFil, { id: valgt.id }));
      gemSomFil(svar.blob, svar.filename === 'ukendt-filnavn' ? valgt.filnavn : svar.filename);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setArbejder(null);
    }
  };

  /** After a conflict: the newest versions first, then the message goes. */
  const genindlaes = async () => {
    await client.invalidateQueries({ queryKey: dokumentKeys.skabeloner(kundeId) });
    setKonflikt(null);
  };

  const handlinger = useLatest({
    op: () => setUpload(true),
    omdoeb: () => valgt && setOmdoeb(valgt),
    aktiv: () => void skiftAktiv(),
    hent: () => void hent(),
  });
  const harValgt = valgt !== undefined;
  const valgtAktiv = valgt?.aktiv ?? false;
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'skabelon-op',
        label: 'Læg skabelon op',
        shortcut: TAST.op,
        keywords: ['skabelon', 'upload', 'word', 'docx', 'ny'],
        run: () => handlinger.current.op(),
      },
      {
        id: 'skabeloner-liste',
        label: 'Gå til skabelonerne',
        shortcut: TAST.liste,
        keywords: ['liste', 'skabeloner'],
        run: () => gridRef.current?.focus(),
      },
      // The selected template's own commands.
      ...(
        [
          ['omdoeb', 'Omdøb skabelon', ['omdøb', 'navn', 'skabelon']],
          [
            'aktiv',
            valgtAktiv ? 'Deaktivér skabelon' : 'Aktivér skabelon',
            ['aktiv', 'deaktiver', 'aktiver', 'skabelon'],
          ],
          ['hent', 'Hent skabelon', ['hent', 'download', 'skabelon']],
        ] as const
      ).map(([h, label, keywords]) => ({
        id: `skabelon-${h}`,
        label,
        shortcut: TAST[h],
        keywords: [...keywords],
        disabled: !harValgt,
        run: () => handlinger.current[h](),
      })),
    ],
    [harValgt, valgtAktiv, handlinger],
  );
  useTileCommands(kommandoer);
  const k = (id: string) => kommandoer.find((c) => c.id === id)!;

  const columns = useMemo<DataTableColumn<DokumentSkabelon>[]>(
    () => [
      { id: 'navn', header: 'Navn', accessor: (s) => s.navn },
      { id: 'dokumentType', header: 'Dokumenttype', accessor: (s) => typeNavn(s.dokumentType), width: 190 },
      {
        id: 'aktiv',
        header: 'Status',
        accessor: (s) => (s.aktiv ? 'Aktiv' : 'Inaktiv'),
        cell: (s) => (
          <span className={`dok-status${s.aktiv ? ' ok' : ''}`}>
            {s.aktiv ? <CheckCircle2 size={13} aria-hidden="true" /> : <Power size={13} aria-hidden="true" />}
            {s.aktiv ? 'Aktiv' : 'Inaktiv'}
          </span>
        ),
        width: 90,
      },
      {
        id: 'felter',
        header: 'Navne',
        accessor: (s) => s.felter.length,
        cell: (s) => {
          const flag = s.felter.filter((f) => !feltStatus(f).ok).length;
          return flag > 0 ? (
            <span className="dok-status advar">
              <AlertTriangle size={13} aria-hidden="true" />
              {s.felter.length} ({flag} markeret)
            </span>
          ) : (
            String(s.felter.length)
          );
        },
        align: 'right',
        width: 120,
      },
      { id: 'filnavn', header: 'Fil', accessor: (s) => s.filnavn },
      {
        id: 'oprettet',
        header: 'Lagt op',
        accessor: (s) => s.oprettet,
        cell: (s) => formatDatoTid(s.oprettet),
        width: 130,
      },
      { id: 'oprettetAf', header: 'Lagt op af', accessor: (s) => s.oprettetAf ?? '', width: 140 },
    ],
    [],
  );
  const settings = useTableSettings('admin-dokumentskabeloner');
  const selected = useMemo(() => new Set(valgtId ? [String(valgtId)] : []), [valgtId]);

  return (
    <div className="rt dok">
      <ListeRude<DokumentSkabelon>
        titel="Dokumentskabeloner"
        antal={q.data ? `${rows.length}` : ''}
        handlinger={
          <KommandoKnap kommando={k('skabelon-op')} size="small">
            <Upload size={14} aria-hidden="true" />
            Læg skabelon op
          </KommandoKnap>
        }
        foerTabel={<ConflictAlert message={konflikt} onReload={() => void genindlaes()} />}
        tableName="admin-dokumentskabeloner"
        columns={columns}
        rows={rows}
        getRowId={(s) => String(s.id)}
        {...hentTilstand(q, 'Skabelonerne')}
        selectionMode="single"
        selected={selected}
        onSelectionChange={(s) => {
          const first = [...s][0];
          if (first) setValgtId(Number(first));
        }}
        onOpen={(s) => setValgtId(s.id)}
        settings={settings}
        gridRef={gridRef}
        filterPlaceholder="Søg i skabeloner"
        toolbar={
          <span className="dok-typevalg">
            <label className="small" htmlFor={filterId}>
              Dokumenttype
            </label>
            <select
              id={filterId}
              className="input form-input dok-typefilter"
              value={typeFilter}
              onChange={(e) => setTypeFilter(e.target.value as DokumentType | '')}
            >
              <option value="">Alle</option>
              <DokumentTypeOptions />
            </select>
          </span>
        }
        emptyText={
          typeFilter
            ? `Der er ingen skabeloner til ${DOKUMENT_TYPER[typeFilter].toLowerCase()}.`
            : 'Der er ingen skabeloner endnu. Læg den første op.'
        }
      />
      <section className="rt-form" aria-label={valgt ? `Skabelon ${valgt.navn}` : 'Skabelon'}>
        {valgt ? (
          <div className="rt-form-inner">
            <div className="rt-form-head">
              <h2>{valgt.navn}</h2>
              <span className="muted small">
                {typeNavn(valgt.dokumentType)} · {valgt.aktiv ? 'Aktiv' : 'Inaktiv'} · lagt op{' '}
                {formatDatoTid(valgt.oprettet)}
                {valgt.oprettetAf ? ` af ${valgt.oprettetAf}` : ''}
              </span>
            </div>
            <p className="small">
              Fil: <strong>{valgt.filnavn}</strong> ({filStoerrelse(valgt.stoerrelse)})
            </p>
            <div className="rt-actions dok-knapper">
              <KommandoKnap kommando={k('skabelon-omdoeb')} size="small" color="secondary">
                <Pencil size={14} aria-hidden="true" />
                Omdøb
              </KommandoKnap>
              <KommandoKnap kommando={k('skabelon-aktiv')} size="small" color="secondary">
                <Power size={14} aria-hidden="true" />
                {valgt.aktiv ? 'Deaktivér' : 'Aktivér'}
              </KommandoKnap>
              <KommandoKnap kommando={k('skabelon-hent')} size="small" color="secondary">
                <Download size={14} aria-hidden="true" />
                {arbejder === 'hent' ? 'Henter …' : 'Hent'}
              </KommandoKnap>
            </div>
            <section aria-label="Skabelonens navne">
              <h3 className="small">Bogmærker, flettefelter og {'{tags}'}</h3>
              <DokumentFeltTabel felter={valgt.felter} />
            </section>
          </div>
        ) : (
          <div className="rt-placeholder">
            <p className="muted">
              Vælg en skabelon i listen for at se dens bogmærker og flettefelter, eller læg en ny op.
            </p>
            <KommandoKnap kommando={k('skabelon-op')}>
              <Upload size={14} aria-hidden="true" />
              Læg skabelon op
            </KommandoKnap>
          </div>
        )}
      </section>
      {upload && (
        <DokumentUploadModal
          kundeId={kundeId}
          startType={typeFilter || undefined}
          onClose={() => setUpload(false)}
          onGemt={(s) => {
            client.setQueryData<DokumentSkabelon[]>(dokumentKeys.skabeloner(kundeId), (l) =>
              l ? [s, ...l.filter((x) => x.id !== s.id)] : l,
            );
            setUpload(false);
            if (typeFilter && typeFilter !== s.dokumentType) setTypeFilter('');
            setValgtId(s.id);
          }}
        />
      )}
      {omdoeb && (
        <OmdoebModal
          skabelon={omdoeb}
          onClose={() => setOmdoeb(null)}
          gem={(navn) => ret(omdoeb, { navn }, "Skabelonen hedder nu '{navn}'")}
          genindlaes={async () => {
            await genindlaes();
            setOmdoeb(null);
          }}
        />
      )}
    </div>
  );
}

function OmdoebModal(p: {
  skabelon: DokumentSkabelon;
  onClose(): void;
  gem(navn: string): Promise<{ ok: true } | { ok: false; konflikt?: string; fejl?: string }>;
  genindlaes(): Promise<void>;
}) {
  const id = useId();
  const [navn, setNavn] = useState(p.skabelon.navn);
  const [fejl, setFejl] = useState<string | null>(null);
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const gem = async () => {
    const n = navn.trim();
    if (!n) {
      setFejl('Navn skal udfyldes');
      return;
    }
    setGemmer(true);
    const r = await p.gem(n);
    setGemmer(false);
    if (r.ok) p.onClose();
    else if (r.konflikt) setKonflikt(r.konflikt);
    else setFejl(r.fejl ?? null);
  };
  return (
    <Modal
      open
      title="Omdøb skabelon"
      onClose={p.onClose}
      size="small"
      testId="dokument-omdoeb-modal"
      footer={
        <FortrydOgHandling
          onFortryd={p.onClose}
          loading={gemmer}
          loadingText="Gemmer …"
          onHandling={() => void gem()}
        >
          Gem
        </FortrydOgHandling>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void gem();
        }}
      >
        <ConflictAlert message={konflikt} onReload={() => void p.genindlaes()} />
        <div className="form-field">
          <label className="form-label" htmlFor={id}>
            Navn
          </label>
          <input
            ref={input}
            id={id}
            className={`input form-input${fejl ? ' invalid' : ''}`}
            value={navn}
            maxLength={200}
            onChange={(e) => setNavn(e.target.value)}
            aria-invalid={fejl ? true : undefined}
            aria-describedby={fejl ? `${id}-fejl` : undefined}
          />
          {fejl && (
            <span className="form-error" id={`${id}-fejl`}>
              {fejl}
            </span>
          )}
        </div>
      </form>
    </Modal>
  );
}
