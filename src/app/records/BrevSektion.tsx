import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_TEKST_RET, hentAdmOplysninger } from '../../contract/admin-tekster';
import { type Brev, danBrev, hentBreve, hentBrevFil, hentSkabeloner } from '../../contract/dokumenter';
import { stiFor } from '../../contract/endpoint';
import { harAdgang } from '../../contract/roles';
import { formatDatoTid } from '../lib/dates';
import { filStoerrelse, gemSomFil } from '../lib/fil';
import { fejlTekst } from '../lib/http-fejl';
import { medGenvej } from '../lib/keyboard';
import { http } from '../session/runtime';
import { useShellSession } from '../session/session-context';
import { Button, SpinnerButton } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { FortrydOgHandling } from '../ui/ModalFod';
import { RadioLinje } from '../ui/RadioLinje';
import { toast } from '../ui/toast';
import type { RecordSektionProps } from './BrevSektioner';
import { SkabelonHentning } from './SkabelonHentning';
import './KontrolpunktSektion.css';

export const BREV_TAST = { dan: 'alt+shift+r' } as const;

/** The query key of an inspection's letters, under its owner. */
export const brevKey = (p: Pick<RecordSektionProps, 'kind' | 'ejer' | 'record'>) =>
  [p.kind.owner.segment, p.ejer.id, 'breve', p.record.id] as const;

/** The document kind of an inspection report: a water plant's own kind, else the companies' and farms'. */
export const brevDokumentType = (p: Pick<RecordSektionProps, 'kind'>) =>
  p.kind.owner.segment === 'vandanlaeg' ? ('VandTilsyn' as const) : ('tilsyn' as const);

/**
 * The letters of an inspection (spec 000 §3 document kinds 'tilsyn' / 'VandTilsyn'): every letter made
 * from it, newest first, each downloadable; 'Dan tilsynsrapport' (a tile command and a button) makes a
 * new one from an active template of the kind, filled by the server from the inspection, its owner,
 * its control points and the municipality's details. A letter is stored before it is listed, so none
 * is lost when the download is not taken.
 */
export function BrevSektion(p: RecordSektionProps) {
  const { record, ejer } = p;
  const key = brevKey(p);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.call(hentBreve, { params: { tilsynId: record.id }, signal }),
    staleTime: 30_000,
  });
  const [dan, setDan] = useState(false);
  const [henter, setHenter] = useState<{ filId: number; bytes: number } | null>(null);
  const kanRette = ejer.kanRette;

  const { setKommandoer } = p;
  useEffect(() => {
    setKommandoer(
      kanRette
        ? [
            {
              id: 'dan-tilsynsrapport',
              label: 'Dan tilsynsrapport',
              shortcut: BREV_TAST.dan,
              keywords: ['brev', 'rapport', 'tilsynsrapport', 'skabelon', 'dan'],
              run: () => setDan(true),
            },
          ]
        : [],
    );
    return () => setKommandoer([]);
  }, [setKommandoer, kanRette]);

  const hent = async (b: Brev) => {
    if (henter) return;
    setHenter({ filId: b.filId, bytes: 0 });
    try {
      const svar = await http.download('GET', stiFor(hentBrevFil, { id: b.filId }), {
        onProgress: (chunk) => setHenter((h) => (h ? { ...h, bytes: h.bytes + chunk.length } : h)),
      });
      gemSomFil(svar.blob, svar.filename === 'ukendt-filnavn' ? b.filnavn : svar.filename);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setHenter(null);
    }
  };

  const breve = q.data ?? [];
  return (
    <section className="rt-under brev" aria-label="Breve">
      <div className="kp-head">
        <h3 className="small">Breve</h3>
        <span className="rt-spacer" />
        {kanRette && (
          <Button
            size="small"
            onClick={() => setDan(true)}
            title={medGenvej('Dan tilsynsrapport', BREV_TAST.dan)}
          >
            <FileText size={14} aria-hidden="true" />
            Dan tilsynsrapport
          </Button>
        )}
      </div>
      {q.isLoading && <p className="muted small">Henter breve …</p>}
      {q.isError && <p className="form-alert">Brevene kunne ikke hentes: {fejlTekst(q.error)}</p>}
      {q.isSuccess && breve.length === 0 && (
        <p className="muted small">Der er ikke dannet breve fra tilsynet.</p>
      )}
      {breve.length > 0 && (
        <ul>
          {breve.map((b) => (
            <li key={b.filId} data-brev={b.filId}>
              <FileText size={14} aria-hidden="true" />
              <span className="brev-navn" title={b.filnavn}>
                {b.filnavn}
              </span>
              <span className="muted small">
                {filStoerrelse(b.stoerrelse)} · {formatDatoTid(b.oprettet)}
                {b.oprettetAf ? ` · ${b.oprettetAf}` : ''}
              </span>
              <SpinnerButton
                size="small"
                color="secondary"
                loading={henter?.filId === b.filId}
                loadingText={henter ? `${filStoerrelse(henter.bytes)} …` : 'Henter …'}
                disabled={henter !== null && henter.filId !== b.filId}
                onClick={() => void hent(b)}
                aria-label={`Hent ${b.filnavn}`}
              >
                <Download size={14} aria-hidden="true" />
                Hent
              </SpinnerButton>
            </li>
          ))}
        </ul>
      )}
      {dan && <DanBrevModal sektion={p} onClose={() => setDan(false)} />}
    </section>
  );
}

/** Chooses the template (and the sender, where the customer has several) and makes the letter. */
function DanBrevModal({ sektion, onClose }: { sektion: RecordSektionProps; onClose(): void }) {
  const { kundeId, record } = sektion;
  const client = useQueryClient();
  const dokumentType = brevDokumentType(sektion);
  const skabeloner = useQuery({
    queryKey: ['dokumenter', kundeId, 'skabeloner', dokumentType],
    queryFn: ({ signal }) =>
      http.call(hentSkabeloner, { params: { kundeId }, query: { dokumentType }, signal }),
    staleTime: 30_000,
  });
  const aktive = (skabeloner.data ?? []).filter((s) => s.aktiv && s.dokumentType === dokumentType);
  const [valgt, setValgt] = useState<number | null>(null);
  const skabelonId = valgt ?? (aktive.length === 1 ? aktive[0]!.id : null);
  // The sender sets (administrative oplysninger) are read with the administration's right; without
  // it (or with one set only) there is no choice: the server uses the standard set.
  const session = useShellSession();
  const maaLaeseAfsendere = harAdgang(session.ressourcer, ADMIN_TEKST_RET);
  const afsendere = useQuery({
    queryKey: ['dokumenter', kundeId, 'afsendere'],
    queryFn: ({ signal }) => http.call(hentAdmOplysninger, { signal, silent: true }),
    enabled: maaLaeseAfsendere,
    staleTime: 60_000,
  });
  const saet = afsendere.data ?? [];
  const [afsenderValgt, setAfsenderValgt] = useState<number | null>(null);
  const afsenderId = afsenderValgt ?? saet.find((a) => a.standard)?.id ?? null;
  const [sender, setSender] = useState(false);
  const [fejl, setFejl] = useState<string | null>(null);
  const afbrudt = useRef(false);
  useEffect(
    () => () => {
      afbrudt.current = true;
    },
    [],
  );

  const dan = async () => {
    if (skabelonId === null || sender) return;
    setSender(true);
    setFejl(null);
    try {
      const brev = await http.call(danBrev, {
        params: { tilsynId: record.id },
        body: { skabelonId, administrativeOplysningerId: saet.length > 1 ? afsenderId : null },
        silent: true,
      });
      client.setQueryData<Brev[]>(brevKey(sektion), (l) => [
        brev,
        ...(l ?? []).filter((b) => b.filId !== brev.filId),
      ]);
      void client.invalidateQueries({ queryKey: brevKey(sektion) });
      toast.success(`Tilsynsrapporten '${brev.filnavn}' er dannet`);
      onClose();
    } catch (err) {
      if (!afbrudt.current) setFejl(fejlTekst(err));
    } finally {
      if (!afbrudt.current) setSender(false);
    }
  };

  return (
    <Modal
      open
      title="Dan tilsynsrapport"
      onClose={onClose}
      size="medium"
      testId="dan-brev-modal"
      footer={
        <FortrydOgHandling
          onFortryd={onClose}
          loading={sender}
          loadingText="Danner …"
          disabled={skabelonId === null}
          onHandling={() => void dan()}
        >
          Dan brev
        </FortrydOgHandling>
      }
    >
      <form
        className="brev-valg"
        onSubmit={(e) => {
          e.preventDefault();
          void dan();
        }}
      >
        {fejl && (
          <p className="form-alert" role="alert">
            {fejl}
          </p>
        )}
        <SkabelonHentning q={skabeloner} />
        {skabeloner.isSuccess && aktive.length === 0 && (
          <p className="form-alert info">
            Der er ingen aktive skabeloner til tilsynsrapporter. En administrator kan lægge en op under
            Administration → Dokumentskabeloner.
          </p>
        )}
        {aktive.length > 0 && (
          <fieldset>
            <legend className="form-label">Skabelon</legend>
            {aktive.map((s) => (
              <RadioLinje
                key={s.id}
                name="brev-skabelon"
                checked={skabelonId === s.id}
                onVaelg={() => setValgt(s.id)}
              >
                {s.navn} <span className="muted small">({s.filnavn})</span>
              </RadioLinje>
            ))}
          </fieldset>
        )}
        {saet.length > 1 && (
          <fieldset>
            <legend className="form-label">Afsender (administrative oplysninger)</legend>
            {saet.map((a) => (
              <RadioLinje
                key={a.id}
                name="brev-afsender"
                checked={afsenderId === a.id}
                onVaelg={() => setAfsenderValgt(a.id)}
              >
                {a.navn}{' '}
                <span className="muted small">
                  ({a.afsender}
                  {a.standard ? ', standard' : ''})
                </span>
              </RadioLinje>
            ))}
          </fieldset>
        )}
        <p className="muted small">
          Brevet udfyldes med tilsynets oplysninger, kontrolpunkterne og kommunens administrative oplysninger
          {saet.length > 1 ? '' : ' (standardafsenderen)'} og gemmes på tilsynet.
        </p>
      </form>
    </Modal>
  );
}
