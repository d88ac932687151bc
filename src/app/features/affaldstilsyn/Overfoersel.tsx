import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Send, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { AnyRecord } from '../../../contract/record-kind';
import { overfoerSatResultat, type SatVirksomhed, sletSatResultatISat } from '../../../contract/sat';
import { formatDato, formatDatoTidKort } from '../../lib/dates';
import { errorStore } from '../../lib/error-store';
import { HttpError } from '../../lib/http';
import { httpStatus, serverTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useDelKommandoer } from '../../records/ramme';
import { panelerForaeldet } from '../../records/SidePanels';
import { http } from '../../session/runtime';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { problemErrors } from '../../ui/form';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';
import { listeForaeldet, satKeys } from './detail-api';

type Handling = 'overfoer' | 'slet';

const STATUS_TEKST = { OK: 'OK', Fejl: 'Fejl', Timeout: 'Timeout' } as const;
const HANDLING_TEKST: Record<Handling, string> = { overfoer: 'Overførsel', slet: 'Sletning i SAT' };

/** The default texts when the server's answer carries none. */
const FEJL_TEKST: Record<Handling, string> = {
  overfoer: 'Resultatet kunne ikke overføres til SAT. Prøv igen om lidt.',
  slet: 'Resultatet kunne ikke slettes i SAT. Prøv igen om lidt.',
};

/** The result's state in the national SAT system, as one line. */
export function overfoerselStatus(sat: SatVirksomhed): { tekst: string; tone: 'ok' | 'fejl' | 'neutral' } {
  const r = sat.satResult as AnyRecord | null;
  if (!r) return { tekst: 'Intet resultat at overføre', tone: 'neutral' };
  const overfoert = (r.overfoertTilMiljoestyrelsenDato as string | null) ?? null;
  const oprettet = (r.oprettetMiljoestyrelsenDato as string | null) ?? null;
  const seneste = sat.overfoersler[0];
  // A failure after the last successful transfer is what the user must know about first.
  if (seneste && seneste.status !== 'OK' && (!overfoert || seneste.tidspunkt > overfoert)) {
    const besked =
      seneste.besked ?? (seneste.status === 'Timeout' ? 'SAT svarede ikke i tide' : 'Ukendt fejl');
    return {
      tekst: `Seneste ${seneste.handling === 'slet' ? 'sletning' : 'overførsel'} fejlede: ${besked}`,
      tone: 'fejl',
    };
  }
  if (!overfoert) return { tekst: 'Ikke overført', tone: 'neutral' };
  return {
    tekst: `Overført ${formatDatoTidKort(overfoert)}${oprettet ? ` (oprettet hos Miljøstyrelsen ${formatDato(oprettet)})` : ''}`,
    tone: 'ok',
  };
}

/**
 * The result's transfer to the national SAT system: its state, 'Overfør til SAT' (with the result's
 * version; not while the form holds unsaved changes), 'Slet i SAT' as an explicit second step with a
 * confirmation, both also tile commands. A failure or timeout (502/504) shows the server's Danish
 * message here with a retry; the result is left as it was. The attempts are listed under the state.
 */
export function Overfoersel({
  sat,
  kanRette,
  resultatDirty,
  saetKommandoer,
}: {
  sat: SatVirksomhed;
  kanRette: boolean;
  resultatDirty: boolean;
  saetKommandoer(commands: TileCommand[]): void;
}) {
  const client = useQueryClient();
  const noegle = satKeys.sat(sat.id);
  const r = sat.satResult as AnyRecord | null;
  const overfoert = !!r?.overfoertTilMiljoestyrelsenDato;
  const [busy, setBusy] = useState<Handling | null>(null);
  const [fejl, setFejl] = useState<{ handling: Handling; tekst: string } | null>(null);
  const { confirm, confirmModal } = useConfirm();

  const koer = async (handling: Handling) => {
    if (!r || !kanRette || busy) return;
    if (handling === 'overfoer' && resultatDirty) return;
    if (handling === 'slet') {
      const ok = await confirm({
        title: 'Slet resultatet i SAT?',
        message:
          'Resultatet fjernes fra Miljøstyrelsens SAT-system, og overførselsdatoerne nulstilles. Resultatet bliver her.',
        confirmLabel: 'Slet i SAT',
        confirmColor: 'danger',
      });
      if (!ok) return;
    }
    setBusy(handling);
    setFejl(null);
    try {
      const ep = handling === 'overfoer' ? overfoerSatResultat : sletSatResultatISat;
      const saved = await http.call(ep, { params: { id: r.id }, body: { version: r.version }, silent: true });
      client.setQueryData<SatVirksomhed>(noegle, (s) => (s ? { ...s, satResult: saved } : s));
      toast.success(
        handling === 'overfoer' ? 'Resultatet er overført til SAT' : 'Resultatet er slettet i SAT',
      );
    } catch (err) {
      const status = httpStatus(err);
      if (status === 400) {
        // What is missing before a transfer: every field's message after the title.
        const felter = Object.values(problemErrors((err as HttpError).failure.body) ?? {});
        const titel = serverTekst(err, ['title', 'message']);
        setFejl({ handling, tekst: [titel, ...felter].filter(Boolean).join('. ') || FEJL_TEKST[handling] });
      } else if (status === 502 || status === 504 || status === 409) {
        setFejl({ handling, tekst: serverTekst(err, ['title', 'message']) ?? FEJL_TEKST[handling] });
      } else if (err instanceof HttpError) {
        errorStore.push(err.failure);
      } else {
        setFejl({ handling, tekst: FEJL_TEKST[handling] });
      }
    } finally {
      setBusy(null);
      // The attempt is in the history and the log whatever came of it.
      void client.invalidateQueries({ queryKey: noegle, exact: true });
      listeForaeldet(client);
      panelerForaeldet(client, noegle);
    }
  };
  const koerRef = useRef(koer);
  koerRef.current = koer;

  const kanOverfoere = kanRette && !!r && !resultatDirty;
  const kanSlette = kanRette && !!r && overfoert;
  const commands = useMemo<TileCommand[]>(
    () =>
      kanRette && r
        ? [
            {
              id: 'sat-overfoer',
              label: 'Overfør resultat til SAT',
              shortcut: 'alt+shift+s',
              keywords: ['overfør', 'sat', 'miljøstyrelsen'],
              disabled: !kanOverfoere,
              run: () => void koerRef.current('overfoer'),
            },
            {
              id: 'sat-slet-i-sat',
              label: 'Slet resultat i SAT',
              shortcut: 'alt+shift+d',
              keywords: ['slet', 'sat', 'miljøstyrelsen'],
              disabled: !kanSlette,
              run: () => void koerRef.current('slet'),
            },
          ]
        : [],
    [kanRette, r, kanOverfoere, kanSlette],
  );
  useDelKommandoer(saetKommandoer, commands);

  const status = overfoerselStatus(sat);
  return (
    <section className="sat-overfoersel" aria-label="Overførsel til SAT">
      <div className="sat-sektion-head">
        <h3>Overførsel til SAT</h3>
        <span className={`sat-overfoersel-status ${status.tone}`} data-testid="sat-overfoersel-status">
          {status.tekst}
        </span>
      </div>
      {fejl && (
        <div className="form-alert sat-overfoersel-fejl" role="alert">
          <span>{fejl.tekst}</span>
          {kanRette && (
            <Button
              size="small"
              color="secondary"
              onClick={() => void koer(fejl.handling)}
              disabled={busy !== null}
            >
              <RotateCcw size={13} aria-hidden="true" />
              Prøv igen
            </Button>
          )}
        </div>
      )}
      {kanRette && r && (
        <div className="sat-overfoersel-knapper">
          <SpinnerButton
            loading={busy === 'overfoer'}
            loadingText="Overfører …"
            disabled={!kanOverfoere || busy !== null}
            title={
              resultatDirty
                ? 'Gem først: resultatet har ændringer der ikke er gemt'
                : medGenvej('Overfør til SAT', 'alt+shift+s')
            }
            onClick={() => void koer('overfoer')}
          >
            <Send size={14} aria-hidden="true" />
            Overfør til SAT
          </SpinnerButton>
          <SpinnerButton
            color="secondary"
            loading={busy === 'slet'}
            loadingText="Sletter i SAT …"
            disabled={!kanSlette || busy !== null}
            title={overfoert ? medGenvej('Slet i SAT', 'alt+shift+d') : 'Resultatet er ikke overført til SAT'}
            onClick={() => void koer('slet')}
          >
            <Trash2 size={14} aria-hidden="true" />
            Slet i SAT
          </SpinnerButton>
          {resultatDirty && <span className="muted small">Gem først</span>}
        </div>
      )}
      {sat.overfoersler.length > 0 && (
        <details className="sat-overfoersel-historik">
          <summary>Tidligere forsøg ({sat.overfoersler.length})</summary>
          <table className="vd-table">
            <thead>
              <tr>
                <th>Tidspunkt</th>
                <th>Handling</th>
                <th>Bruger</th>
                <th>Status</th>
                <th>Besked</th>
              </tr>
            </thead>
            <tbody>
              {sat.overfoersler.map((o) => (
                <tr key={`${o.tidspunkt}-${o.handling}`}>
                  <td>{formatDatoTidKort(o.tidspunkt)}</td>
                  <td>{HANDLING_TEKST[o.handling]}</td>
                  <td>{o.bruger ?? ''}</td>
                  <td className={o.status === 'OK' ? 'sat-ok' : 'sat-fejl'}>{STATUS_TEKST[o.status]}</td>
                  <td>{o.besked ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {confirmModal}
    </section>
  );
}
