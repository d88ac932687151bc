import { Command as Cmdk } from 'cmdk';
import { useMemo, useState } from 'react';
import { EMNE_MARKOER, fortolkFraseSoegning, fraseMatcher } from '../../contract/frase-emner';
import { Modal } from './Modal';
import './frase-vaelger.css';

export interface FraseValg {
  id: number;
  emneId: number;
  titel: string;
  tekst: string;
  aktiv: boolean;
}

export interface EmneValg {
  id: number;
  kode: string;
  navn: string;
}

export interface FraseVaelgerProps {
  /** The field the phrase goes into (heads the list). */
  feltLabel: string;
  /** The field's subject code; null lists every subject. */
  emneKode: string | null;
  emner: readonly EmneValg[] | undefined;
  fraser: readonly FraseValg[] | undefined;
  /** Why the phrases could not be fetched, in Danish. */
  fejl: string | null;
  onVaelg(frase: FraseValg): void;
  onClose(): void;
}

/** At most this many phrases are drawn (cmdk does not virtualise); the search narrows the rest. */
const MAKS = 200;

/**
 * The phrase list of 'Indsæt frase …' (issue 15): the active phrases of the field's subject, searched
 * by title and text; a word starting with '#' switches the subject by a prefix of its code (`#haand`),
 * an unknown code says so and lists nothing. Enter or a click chooses; Esc closes. No I/O: the
 * caller passes the phrases and does the insert.
 */
export function FraseVaelger(p: FraseVaelgerProps) {
  const [soegning, setSoegning] = useState('');
  const emner = p.emner ?? [];
  const koder = useMemo(() => emner.map((e) => e.kode), [emner]);
  const fortolket = fortolkFraseSoegning(soegning, koder);
  const valgteKoder = fortolket.emneKoder ?? (p.emneKode ? [p.emneKode] : null);
  const emneAf = new Map(emner.map((e) => [e.id, e]));
  const vist = (p.fraser ?? []).filter((f) => {
    if (!f.aktiv) return false;
    const e = emneAf.get(f.emneId);
    if (valgteKoder && (!e || !valgteKoder.includes(e.kode))) return false;
    return fraseMatcher(f, fortolket.tekst);
  });
  const emneTekst =
    valgteKoder === null
      ? 'alle emner'
      : valgteKoder
          .map((k) => {
            const navn = emner.find((e) => e.kode === k)?.navn;
            return navn ? `${navn} (${k})` : k;
          })
          .join(', ');
  const flereEmner = valgteKoder === null || valgteKoder.length > 1;
  const henter = !p.fejl && (p.fraser === undefined || p.emner === undefined);

  return (
    <Modal
      open
      title={`Indsæt frase i ${p.feltLabel}`}
      onClose={p.onClose}
      size="large"
      className="frase-vaelger"
    >
      <Cmdk label="Fraser" shouldFilter={false} loop className="frase-cmdk">
        <Cmdk.Input
          value={soegning}
          onValueChange={setSoegning}
          placeholder={`Søg i fraser … (${EMNE_MARKOER}emne skifter emne, fx ${EMNE_MARKOER}haand)`}
          aria-label="Søg i fraser"
          data-autofocus
        />
        <div className="frase-emne muted small" data-testid="frase-emne">
          {fortolket.fejl ? (
            <span className="frase-fejl" role="alert">
              {fortolket.fejl}
            </span>
          ) : (
            <>
              Emne: <strong>{emneTekst}</strong>
              {!fortolket.emneKoder && ` · skriv ${EMNE_MARKOER} og begyndelsen af en emnekode for at skifte`}
            </>
          )}
        </div>
        <Cmdk.List className="frase-liste">
          {p.fejl && (
            <div className="frase-fejl" role="alert">
              {p.fejl}
            </div>
          )}
          {henter && <Cmdk.Loading>Henter fraser …</Cmdk.Loading>}
          {!henter && !p.fejl && !fortolket.fejl && vist.length === 0 && (
            <div className="frase-tom muted">Ingen aktive fraser matcher</div>
          )}
          {!fortolket.fejl &&
            vist.slice(0, MAKS).map((f) => (
              <Cmdk.Item key={f.id} value={`frase:${f.id}`} onSelect={() => p.onVaelg(f)}>
                <span className="frase-titel">{f.titel}</span>
                {flereEmner && <span className="frase-meta">{emneAf.get(f.emneId)?.navn}</span>}
                <span className="frase-tekst">{f.tekst}</span>
              </Cmdk.Item>
            ))}
        </Cmdk.List>
      </Cmdk>
      <div className="frase-hint muted small" aria-hidden="true">
        Enter indsætter ved markøren · Esc lukker
      </div>
    </Modal>
  );
}
