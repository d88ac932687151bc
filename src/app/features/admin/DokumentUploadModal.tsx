import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  DOKUMENT_TYPE_NOEGLER,
  DOKUMENT_TYPER,
  type DokumentSkabelon,
  type DokumentType,
  dokumentSkabelonSchema,
  opretSkabelon,
  type ScanResultat,
  SKABELON_IKKE_DOCX,
  SKABELON_MAKRO,
  SKABELON_MAKS_BYTES,
  SKABELON_STOERRELSE_FEJL,
  type SkabelonFelt,
  scanResultatSchema,
  scanSkabelon,
} from '../../../contract/dokumenter';
import { stiFor } from '../../../contract/endpoint';
import { filStoerrelse } from '../../lib/fil';
import { fejlTekst } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Modal } from '../../ui/Modal';
import { FortrydOgHandling } from '../../ui/ModalFod';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { dokumentKeys } from './DokumentApi';

/** The document types a template can have, as a select's options. */
export const DokumentTypeOptions = () =>
  DOKUMENT_TYPE_NOEGLER.filter((k) => k !== 'undefined').map((k) => (
    <option key={k} value={k}>
      {DOKUMENT_TYPER[k]}
    </option>
  ));

/** A required field's label, with the star. */
function PaakraevetLabel(p: { htmlFor: string; children: ReactNode }) {
  return (
    <label className="form-label" htmlFor={p.htmlFor}>
      {p.children}
      <span className="form-required" aria-hidden="true">
        *
      </span>
    </label>
  );
}

/** A template's names as words: what kind of name, and where in the document. */
export const FELT_ART: Record<SkabelonFelt['art'], string> = {
  bogmaerke: 'Bogmærke',
  flettefelt: 'Flettefelt',
  tag: '{tag}',
  formularfelt: 'Formularfelt',
};
export const FELT_DEL: Record<string, string> = {
  dokument: 'Brødtekst',
  sidehoved: 'Sidehoved',
  sidefod: 'Sidefod',
};

/** Why a name is flagged, in words (the server's own text first). */
export function feltStatus(f: SkabelonFelt): { ok: boolean; tekst: string } {
  if (f.besked) return { ok: false, tekst: f.besked };
  if (!f.kendt) return { ok: false, tekst: 'Ukendt navn: det udfyldes ikke' };
  if (f.dublet) return { ok: false, tekst: 'Dublet: navnet findes flere gange' };
  return { ok: true, tekst: 'Kendt' };
}

/** The names a template holds, with unknown and duplicate names flagged by an icon and words. */
export function DokumentFeltTabel({ felter }: { felter: readonly SkabelonFelt[] }) {
  if (felter.length === 0)
    return (
      <p className="muted small">Skabelonen indeholder ingen bogmærker, flettefelter eller {'{tags}'}.</p>
    );
  const flag = felter.filter((f) => !feltStatus(f).ok).length;
  return (
    <>
      <p className="small" role="status">
        {felter.length} {felter.length === 1 ? 'navn' : 'navne'} fundet
        {flag > 0 ? `, ${flag} kræver opmærksomhed` : ', alle kendte'}
      </p>
      <table className="dok-felter">
        <thead>
          <tr>
            <th scope="col">Navn</th>
            <th scope="col">Art</th>
            <th scope="col">Placering</th>
            <th scope="col" className="tal">
              Antal
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {felter.map((f) => {
            const s = feltStatus(f);
            return (
              <tr
                key={`${f.art}:${f.del}:${f.navn}`}
                className={s.ok ? undefined : 'flag'}
                data-felt-navn={f.navn}
              >
                <td>
                  <code>{f.navn}</code>
                </td>
                <td>{FELT_ART[f.art]}</td>
                <td>{FELT_DEL[f.del] ?? f.del}</td>
                <td className="tal">{f.antal}</td>
                <td>
                  <span className={`dok-status${s.ok ? ' ok' : ' advar'}`}>
                    {s.ok ? (
                      <CheckCircle2 size={13} aria-hidden="true" />
                    ) : (
                      <AlertTriangle size={13} aria-hidden="true" />
                    )}
                    {s.tekst}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** Why a chosen file cannot be a template, checked before it is sent (the server checks the same). */
export function skabelonFilFejl(f: { name: string; size: number }): string | null {
  const navn = f.name.toLowerCase();
  if (navn.endsWith('.docm') || navn.endsWith('.dotm')) return SKABELON_MAKRO;
  if (!navn.endsWith('.docx')) return SKABELON_IKKE_DOCX;
  if (f.size > SKABELON_MAKS_BYTES) return SKABELON_STOERRELSE_FEJL;
  if (f.size === 0) return 'Filen er tom';
  return null;
}

const fejlFra = (err: unknown) => fejlTekst(err, { kilder: ['felter', 'message', 'title'], udenSvar: true });

type Trin =
  | { trin: 'vaelg' }
  | { trin: 'scanner' }
  | { trin: 'resultat'; scan: ScanResultat }
  | { trin: 'gemmer'; scan: ScanResultat };

/**
 * 'Læg skabelon op': the document kind, the .docx (chosen or dropped), the server's scan of it (every
 * bookmark, merge field and {tag}, unknown names and duplicates flagged, warnings, and a preview with
 * sample data), then a name and 'Gem skabelon'. Nothing is saved before 'Gem skabelon'; the server's
 * refusals (not a Word document, too big, macros) show in the modal.
 */
export function DokumentUploadModal(p: {
  kundeId: number;
  startType?: DokumentType;
  onClose(): void;
  onGemt(s: DokumentSkabelon): void;
}) {
  const client = useQueryClient();
  const id = useId();
  const [type, setType] = useState<DokumentType>(p.startType ?? 'tilsyn');
  const [fil, setFil] = useState<File | null>(null);
  const [navn, setNavn] = useState('');
  const [navnFejl, setNavnFejl] = useState<string | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const [t, setT] = useState<Trin>({ trin: 'vaelg' });
  const [over, setOver] = useState(false);
  const kald = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const navnInput = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      kald.current = -1;
    },
    [],
  );

  const scan = async (f: File, dokumentType: DokumentType) => {
    const nr = ++kald.current;
    setFejl(null);
    setT({ trin: 'scanner' });
    const form = new FormData();
    form.append('dokumentType', dokumentType);
    form.append('fil', f, f.name);
    try {
      const svar = await http.upload(stiFor(scanSkabelon, { kundeId: p.kundeId }), form, {
        schema: scanResultatSchema,
        silent: true,
      });
      if (nr !== kald.current) return;
      setT({ trin: 'resultat', scan: svar });
    } catch (err) {
      if (nr !== kald.current) return;
      setFejl(fejlFra(err));
      setT({ trin: 'vaelg' });
    }
  };

  const vaelgFil = (f: File | undefined) => {
    if (!f) return;
    const lokal = skabelonFilFejl(f);
    setFil(lokal ? null : f);
    if (lokal) {
      kald.current++;
      setFejl(lokal);
      setT({ trin: 'vaelg' });
      return;
    }
    setNavn((n) => n || f.name.replace(/\.docx$/i, ''));
    void scan(f, type);
  };

  const skiftType = (ny: DokumentType) => {
    setType(ny);
    // Which names are known depends on the kind: scan again.
    if (fil) void scan(fil, ny);
  };

  const gem = async () => {
    if (t.trin !== 'resultat' || !fil) return;
    const n = navn.trim();
    if (!n) {
      setNavnFejl('Navn skal udfyldes');
      navnInput.current?.focus();
      return;
    }
    setNavnFejl(null);
    setFejl(null);
    const scanResultat = t.scan;
    setT({ trin: 'gemmer', scan: scanResultat });
    const form = new FormData();
    form.append('dokumentType', type);
    form.append('navn', n);
    form.append('fil', fil, fil.name);
    try {
      const gemt = await http.upload(stiFor(opretSkabelon, { kundeId: p.kundeId }), form, {
        schema: dokumentSkabelonSchema,
        silent: true,
      });
      void client.invalidateQueries({ queryKey: dokumentKeys.skabeloner(p.kundeId) });
      toast.success(`Skabelonen '${gemt.navn}' er gemt`);
      p.onGemt(gemt);
    } catch (err) {
      if (kald.current < 0) return;
      setFejl(fejlFra(err));
      setT({ trin: 'resultat', scan: scanResultat });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    vaelgFil(e.dataTransfer.files[0]);
  };

  const scanResultat = t.trin === 'resultat' || t.trin === 'gemmer' ? t.scan : null;
  const flag = scanResultat ? scanResultat.felter.filter((f) => !feltStatus(f).ok).length : 0;
  return (
    <Modal
      open
      title="Læg dokumentskabelon op"
      onClose={p.onClose}
      size="large"
      testId="dokument-upload-modal"
      footer={
        <FortrydOgHandling
          onFortryd={p.onClose}
          loading={t.trin === 'gemmer'}
          loadingText="Gemmer …"
          disabled={scanResultat === null}
          onHandling={() => void gem()}
        >
          Gem skabelon
        </FortrydOgHandling>
      }
    >
      <form
        className="dok-upload"
        onSubmit={(e) => {
          e.preventDefault();
          void gem();
        }}
      >
        <div className="dok-valg">
          <div className="dok-felt">
            <PaakraevetLabel htmlFor={`${id}-type`}>Dokumenttype</PaakraevetLabel>
            <select
              id={`${id}-type`}
              className="input form-input"
              value={type}
              onChange={(e) => skiftType(e.target.value as DokumentType)}
              data-autofocus=""
            >
              <DokumentTypeOptions />
            </select>
          </div>
          <div className="dok-felt">
            <PaakraevetLabel htmlFor={`${id}-navn`}>Navn</PaakraevetLabel>
            <input
              ref={navnInput}
              id={`${id}-navn`}
              name="navn"
              className={`input form-input${navnFejl ? ' invalid' : ''}`}
              value={navn}
              maxLength={200}
              onChange={(e) => setNavn(e.target.value)}
              aria-invalid={navnFejl ? true : undefined}
              aria-describedby={navnFejl ? `${id}-navn-fejl` : undefined}
            />
            {navnFejl && (
              <span className="form-error" id={`${id}-navn-fejl`}>
                {navnFejl}
              </span>
            )}
          </div>
        </div>
        {/* A drop target for the mouse; the labelled file input inside is the keyboard's way. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
        <div
          className={`dok-drop${over ? ' over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <Upload size={18} aria-hidden="true" />
          <span>
            {fil ? (
              <>
                Valgt: <strong>{fil.name}</strong> ({filStoerrelse(fil.size)}). Vælg en anden fil, eller træk
                den hertil.
              </>
            ) : (
              'Træk en Word-skabelon (.docx, højst 5 MB) hertil, eller vælg den.'
            )}
          </span>
          <label htmlFor={`${id}-fil`} className="button secondary size-small dok-vaelg-fil">
            Vælg fil …
          </label>
          <input
            ref={input}
            id={`${id}-fil`}
            type="file"
            name="fil"
            className="visually-hidden"
            aria-label="Vælg en Word-skabelon (.docx)"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            onChange={(e) => {
              vaelgFil(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {fejl && (
          <p className="form-alert" role="alert">
            <AlertTriangle size={14} aria-hidden="true" /> {fejl}
          </p>
        )}
        {t.trin === 'scanner' && (
          <p role="status" className="dok-scanner">
            <Spinner /> Skabelonen gennemgås …
          </p>
        )}
        {scanResultat && (
          <div className="dok-resultat">
            <section aria-label="Fundne navne">
              <h3 className="small">Bogmærker, flettefelter og {'{tags}'}</h3>
              <DokumentFeltTabel felter={scanResultat.felter} />
              {scanResultat.advarsler.length > 0 && (
                <ul className="dok-advarsler" aria-label="Advarsler">
                  {scanResultat.advarsler.map((a) => (
                    <li key={a}>
                      <AlertTriangle size={13} aria-hidden="true" /> {a}
                    </li>
                  ))}
                </ul>
              )}
              {flag > 0 && (
                <p className="muted small">
                  Skabelonen kan gemmes, men de markerede navne udfyldes ikke, når der dannes breve.
                </p>
              )}
            </section>
            <section aria-label="Forhåndsvisning" className="dok-forhaand">
              <h3 className="small">Forhåndsvisning med eksempeldata</h3>
              <div className="dok-papir">
                {scanResultat.forhaandsvisning.length === 0 ? (
                  <p className="muted">Dokumentet har ingen tekst.</p>
                ) : (
                  scanResultat.forhaandsvisning.map((afsnit, i) => (
                    // Paragraphs have no identity of their own; their order is the document's.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <p key={i}>{afsnit || '\u00a0'}</p>
                  ))
                )}
              </div>
            </section>
          </div>
        )}
      </form>
    </Modal>
  );
}
