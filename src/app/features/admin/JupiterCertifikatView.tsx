import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Upload } from 'lucide-react';
import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react';
import { formatDato, formatDatoTid } from '../../../contract/format';
import {
  CERTIFIKAT_FOR_STOR,
  CERTIFIKAT_P12_MAKS,
  CERTIFIKAT_PEM_MAKS,
  type Certifikat,
  certifikatAdvarsel,
  hentJupiterCertifikat,
  type UploadCertifikatBody,
  uploadJupiterCertifikat,
} from '../../../contract/jupiter-certifikat';
import { HttpError } from '../../lib/http';
import { fejlTekst } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { SpinnerButton } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { RadioGroup } from '../../ui/form';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import './CertifikatAdministration.css';

/**
 * /admin/JupiterCertifikat (KOMMUNE_ADMIN): the active certificate towards Jupiter (subject, issuer,
 * serial, fingerprint, validity, days left) with a warning 60, 30 and 7 days before expiry and
 * 'Udløbet' after; the earlier certificates; and the upload of a new one (PEM certificate + PEM key,
 * or a PKCS#12 file with its password), which replaces the active one. The key is never shown.
 */

const KEY = ['admin', 'jupitercertifikat'] as const;

type Kilde = 'pem' | 'p12';

const HISTORIK_KOLONNER: DataTableColumn<Certifikat>[] = [
  { id: 'subjekt', header: 'Subjekt', accessor: (c) => c.subjekt },
  { id: 'serienummer', header: 'Serienummer', accessor: (c) => c.serienummer, width: '16%' },
  {
    id: 'gyldigFra',
    header: 'Gyldig fra',
    accessor: (c) => c.gyldigFra,
    cell: (c) => formatDato(c.gyldigFra),
    width: '11%',
  },
  {
    id: 'gyldigTil',
    header: 'Gyldig til',
    accessor: (c) => c.gyldigTil,
    cell: (c) => (c.udloebet ? `${formatDato(c.gyldigTil)} (udløbet)` : formatDato(c.gyldigTil)),
    width: '15%',
  },
  {
    id: 'oprettet',
    header: 'Uploadet',
    accessor: (c) => c.oprettet,
    cell: (c) => `${formatDatoTid(c.oprettet)}${c.oprettetAf ? ` af ${c.oprettetAf}` : ''}`,
    width: '24%',
  },
];

export default function JupiterCertifikatView(_props: ViewProps) {
  const oversigt = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => http.call(hentJupiterCertifikat, { signal, silent: true }),
  });
  const uploadRef = useRef<HTMLInputElement>(null);
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'upload-certifikat',
        label: 'Upload nyt certifikat',
        shortcut: 'alt+u',
        keywords: ['certifikat', 'upload', 'jupiter', 'forny'],
        run: () => uploadRef.current?.focus(),
      },
    ],
    [],
  );
  useTileCommands(kommandoer);

  return (
    <div className="certifikat-admin">
      <section aria-label="Aktivt certifikat">
        <h2>Aktivt certifikat til Jupiter</h2>
        {oversigt.isLoading && <p className="tom-tekst">Henter …</p>}
        {oversigt.isError && <p className="certifikat-fejl">{fejlTekst(oversigt.error)}</p>}
        {oversigt.data && !oversigt.data.aktivt && (
          <p className="certifikat-advarsel" role="status">
            <AlertTriangle size={14} aria-hidden /> Der er intet aktivt certifikat: indberetning til Jupiter
            kan ikke ske, før et certifikat er uploadet.
          </p>
        )}
        {oversigt.data?.aktivt && <AktivtCertifikat c={oversigt.data.aktivt} />}
      </section>
      <section aria-label="Upload certifikat">
        <h2>{oversigt.data?.aktivt ? 'Erstat med et nyt certifikat' : 'Upload certifikat'}</h2>
        <CertifikatUpload foersteFelt={uploadRef} />
      </section>
      <section aria-label="Tidligere certifikater" className="certifikat-historik">
        <h2>Tidligere certifikater</h2>
        <DataTable
          tableName="jupitercertifikat-historik"
          ariaLabel="Tidligere certifikater"
          columns={HISTORIK_KOLONNER}
          rows={oversigt.data?.historik ?? []}
          getRowId={(c) => String(c.id)}
          mode="memory"
          filterInput={false}
          emptyText="Ingen tidligere certifikater"
          loading={oversigt.isLoading}
        />
      </section>
    </div>
  );
}

function AktivtCertifikat({ c }: { c: Certifikat }) {
  const advarsel = certifikatAdvarsel(c.niveau, c.dageTilbage);
  return (
    <div className="certifikat-aktivt" data-testid="certifikat-aktivt">
      {advarsel && (
        <p className={`certifikat-advarsel certifikat-${c.niveau}`} role="alert">
          <AlertTriangle size={14} aria-hidden /> {advarsel}
        </p>
      )}
      <dl>
        <dt>Subjekt</dt>
        <dd>{c.subjekt}</dd>
        <dt>Udsteder</dt>
        <dd>{c.udsteder}</dd>
        <dt>Serienummer</dt>
        <dd className="certifikat-kode">{c.serienummer}</dd>
        <dt>Fingeraftryk (SHA-256)</dt>
        <dd className="certifikat-kode">{c.fingeraftryk}</dd>
        <dt>Gyldig fra</dt>
        <dd>{formatDatoTid(c.gyldigFra)}</dd>
        <dt>Gyldig til</dt>
        <dd>{formatDatoTid(c.gyldigTil)}</dd>
        <dt>Dage tilbage</dt>
        <dd>{c.udloebet ? 'Udløbet' : c.dageTilbage}</dd>
        <dt>Uploadet</dt>
        <dd>
          {formatDatoTid(c.oprettet)}
          {c.oprettetAf ? ` af ${c.oprettetAf}` : ''}
        </dd>
      </dl>
    </div>
  );
}

/** A chosen file's text (PEM) or base64 (PKCS#12), refused above the size limit before it is sent. */
async function laesFil(fil: File, som: 'tekst' | 'base64'): Promise<string> {
  if (fil.size > (som === 'tekst' ? CERTIFIKAT_PEM_MAKS : CERTIFIKAT_P12_MAKS))
    throw new Error(CERTIFIKAT_FOR_STOR);
  if (som === 'tekst') return fil.text();
  const bytes = new Uint8Array(await fil.arrayBuffer());
  let binaer = '';
  for (const b of bytes) binaer += String.fromCharCode(b);
  return btoa(binaer);
}

function CertifikatUpload({ foersteFelt }: { foersteFelt: RefObject<HTMLInputElement | null> }) {
  const qc = useQueryClient();
  const [kilde, setKilde] = useState<Kilde>('pem');
  const [filer, setFiler] = useState<{ cert?: File; noegle?: File; p12?: File }>({});
  const [adgangskode, setAdgangskode] = useState('');
  const [fejl, setFejl] = useState<Record<string, string>>({});
  const [travl, setTravl] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    const mangler: Record<string, string> = {};
    if (kilde === 'pem' && !filer.cert) mangler.certifikatPem = 'Vælg certifikatet (PEM)';
    if (kilde === 'pem' && !filer.noegle) mangler.noeglePem = 'Vælg den private nøgle (PEM)';
    if (kilde === 'p12' && !filer.p12) mangler.p12Base64 = 'Vælg PKCS#12-filen (.p12/.pfx)';
    setFejl(mangler);
    if (Object.keys(mangler).length > 0) return;
    setTravl(true);
    try {
      let body: UploadCertifikatBody;
      try {
        body =
          kilde === 'pem'
            ? {
                certifikatPem: await laesFil(filer.cert!, 'tekst'),
                noeglePem: await laesFil(filer.noegle!, 'tekst'),
                ...(adgangskode ? { adgangskode } : {}),
              }
            : { p12Base64: await laesFil(filer.p12!, 'base64'), adgangskode };
      } catch (err) {
        setFejl({ [kilde === 'pem' ? 'certifikatPem' : 'p12Base64']: (err as Error).message });
        return;
      }
      const ny = await http.call(uploadJupiterCertifikat, { body, silent: true });
      await qc.invalidateQueries({ queryKey: KEY });
      toast.success(`Certifikatet er uploadet og aktivt (gyldigt til ${formatDato(ny.gyldigTil)})`);
      setFiler({});
      setAdgangskode('');
      formRef.current?.reset();
    } catch (err) {
      const body =
        err instanceof HttpError ? (err.failure.body as { errors?: Record<string, string[]> }) : null;
      if (body?.errors)
        setFejl(Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k, m[0] ?? ''])));
      else setFejl({ generel: fejlTekst(err) });
    } finally {
      setTravl(false);
    }
  };

  const filFelt = (
    navn: 'cert' | 'noegle' | 'p12',
    felt: string,
    label: string,
    accept: string,
    ref?: typeof foersteFelt,
  ) => (
    <div className={`form-field${fejl[felt] ? ' has-error' : ''}`} data-felt={felt}>
      <label className="form-label" htmlFor={`certifikat-${navn}`}>
        {label}
      </label>
      <input
        id={`certifikat-${navn}`}
        ref={ref}
        type="file"
        accept={accept}
        aria-invalid={fejl[felt] ? true : undefined}
        onChange={(e) => setFiler((gl) => ({ ...gl, [navn]: e.target.files?.[0] }))}
      />
      {fejl[felt] && <p className="certifikat-fejl">{fejl[felt]}</p>}
    </div>
  );

  return (
    <form ref={formRef} className="certifikat-upload" onSubmit={(e) => void upload(e)}>
      <RadioGroup<Kilde>
        name="kilde"
        label="Format"
        value={kilde}
        onChange={(k) => {
          setKilde(k);
          setFejl({});
        }}
        options={[
          { value: 'pem', label: 'PEM: certifikat og privat nøgle' },
          { value: 'p12', label: 'PKCS#12 (.p12/.pfx) med adgangskode' },
        ]}
      />
      {kilde === 'pem' ? (
        <>
          {filFelt('cert', 'certifikatPem', 'Certifikat (.pem, .crt, .cer)', '.pem,.crt,.cer', foersteFelt)}
          {filFelt('noegle', 'noeglePem', 'Privat nøgle (.pem, .key)', '.pem,.key')}
        </>
      ) : (
        filFelt('p12', 'p12Base64', 'PKCS#12-fil (.p12, .pfx)', '.p12,.pfx', foersteFelt)
      )}
      <div className={`form-field${fejl.adgangskode ? ' has-error' : ''}`} data-felt="adgangskode">
        <label className="form-label" htmlFor="certifikat-adgangskode">
          {kilde === 'pem' ? 'Adgangskode til nøglen (kun hvis den er krypteret)' : 'Adgangskode til filen'}
        </label>
        <input
          id="certifikat-adgangskode"
          className={`input form-input${fejl.adgangskode ? ' invalid' : ''}`}
          type="password"
          value={adgangskode}
          autoComplete="off"
          aria-invalid={fejl.adgangskode ? true : undefined}
          onChange={(e) => setAdgangskode(e.target.value)}
        />
        {fejl.adgangskode && <p className="certifikat-fejl">{fejl.adgangskode}</p>}
      </div>
      {fejl.generel && (
        <p className="certifikat-fejl" role="alert">
          {fejl.generel}
        </p>
      )}
      <p className="certifikat-hint">
        Den private nøgle gemmes krypteret og vises aldrig igen. Det nuværende certifikat bliver inaktivt og
        bevares i historikken.
      </p>
      <SpinnerButton type="submit" loading={travl} loadingText="Uploader …">
        <Upload size={14} aria-hidden /> Upload og aktivér
      </SpinnerButton>
    </form>
  );
}
