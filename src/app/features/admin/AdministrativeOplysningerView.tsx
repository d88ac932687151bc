import { useQueryClient } from '@tanstack/react-query';
import { Star, Trash2, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  type AdmOplys,
  type AdmOplysInput,
  LOGO_MAKS_BYTES,
  LOGO_STOERRELSE_FEJL,
  LOGO_TYPE_FEJL,
} from '../../../contract/admin-tekster';
import { hentTilstand, serverTekst } from '../../lib/http-fejl';
import { useLatest } from '../../lib/useLatest';
import { saveFailure } from '../../records/api';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import type { DataTableColumn } from '../../ui/DataTable';
import { Checkbox, TextInput, useVersionedForm } from '../../ui/form';
import { DetaljePladsholder, FormKnapper, NyKnap, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { useListeDetalje } from '../../workspace/useListeDetalje';
import {
  admOplysKeys,
  gemAdmOplys,
  opretAdmOplys,
  sletAdmOplys,
  uploadLogo,
  useAdmOplysninger,
  useLogoUrl,
} from './AdmOplysApi';
import '../../records/record.css';
import './AdmOplys.css';

export const ADM_OPLYS_STI = '/admin/administrativeoplysninger';
const TAST = { gem: 'mod+s' } as const;
const NY_KOMMANDO = {
  id: 'ny-admoplys',
  label: 'Nye administrative oplysninger',
  keywords: ['ny', 'opret', 'afsender', 'administrative'],
};
const LISTE_KOMMANDO = {
  id: 'admoplys-liste',
  label: 'Gå til listen over administrative oplysninger',
  keywords: ['liste'],
};

/**
 * /admin/administrativeoplysninger/:administrativeoplysningerid? (KOMMUNE_ADMIN or
 * SAGSBEHANDLER_ADMIN): the sets of the municipality's details that letters use (sender, address,
 * contact, signature, logo). Exactly one set is the standard: the server keeps it so; the standard
 * set cannot be deleted or unmarked, marking another moves the mark.
 */
export default function AdministrativeOplysningerView({ params }: ViewProps) {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const q = useAdmOplysninger(kundeId);
  const saet = q.isError ? [] : (q.data ?? []);
  const ld = useListeDetalje({
    sti: ADM_OPLYS_STI,
    param: params.administrativeoplysningerid,
    raekker: saet,
    hentet: q.isSuccess,
    ny: NY_KOMMANDO,
    liste: LISTE_KOMMANDO,
  });
  const { valgt } = ld;
  useTileCommands(ld.kommandoer);

  const columns = useMemo<DataTableColumn<AdmOplys>[]>(
    () => [
      { id: 'navn', header: 'Navn', accessor: (s) => s.navn },
      { id: 'afsender', header: 'Afsender', accessor: (s) => s.afsender },
      { id: 'standard', header: 'Standard', accessor: (s) => (s.standard ? 'Ja' : ''), width: 80 },
      { id: 'logo', header: 'Logo', accessor: (s) => (s.harLogo ? 'Ja' : 'Nej'), width: 60 },
    ],
    [],
  );
  const settings = useTableSettings('admin-administrativeoplysninger');

  return (
    <div className="rt adm-oplys">
      <ListeRude<AdmOplys>
        titel="Administrative oplysninger"
        handlinger={<NyKnap label="Nyt sæt" onClick={ld.startNy} />}
        tomKlasse="adm-oplys-tom"
        tom={
          <>
            Kommunen har ingen administrative oplysninger endnu. Breve bruger standardsættet: opret det med{' '}
            <NyTast />.
          </>
        }
        tableName="admin-administrativeoplysninger"
        columns={columns}
        rows={saet}
        getRowId={(s) => String(s.id)}
        {...hentTilstand(q, 'De administrative oplysninger')}
        {...ld.tabel}
        settings={settings}
        filterPlaceholder="Søg i administrative oplysninger"
      />
      <section className="rt-form" aria-label={valgt ? valgt.navn : 'Nyt sæt administrative oplysninger'}>
        {ld.formAaben ? (
          <AdmOplysForm
            key={valgt ? `s${valgt.id}` : 'ny'}
            saet={valgt}
            kundeId={kundeId}
            foerste={saet.length === 0}
            setKommandoer={ld.setFormKommandoer}
            onOprettet={ld.oprettet}
            onSlettet={() => ld.vaelg(null)}
            onAnnuller={ld.annullerNy}
          />
        ) : (
          <DetaljePladsholder
            findesIkke={ld.findesIkke}
            ikkeFundet="De administrative oplysninger findes ikke hos den aktive kunde."
          >
            Vælg et sæt i listen med <kbd>Enter</kbd>, eller opret et nyt med <NyTast />.
          </DetaljePladsholder>
        )}
      </section>
    </div>
  );
}

type Vaerdier = {
  navn: string;
  afsender: string;
  adresse: string;
  postnrBy: string;
  telefon: string;
  email: string;
  web: string;
  underskriftNavn: string;
  underskriftTitel: string;
  standard: boolean;
};

const maks = (navn: string, n: number) => z.string().max(n, { error: `${navn} må højst være ${n} tegn` });
const formSchema = z.object({
  navn: z
    .string()
    .trim()
    .min(1, { error: 'Navnet er påkrævet' })
    .max(100, { error: 'Navnet må højst være 100 tegn' }),
  afsender: z
    .string()
    .trim()
    .min(1, { error: 'Afsenderen er påkrævet' })
    .max(200, { error: 'Afsenderen må højst være 200 tegn' }),
  adresse: maks('Adressen', 200),
  postnrBy: maks('Postnr. og by', 100),
  telefon: maks('Telefonnummeret', 30),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      error: 'E-mailadressen er ikke gyldig',
    }),
  web: maks('Webadressen', 200),
  underskriftNavn: maks('Underskriverens navn', 100),
  underskriftTitel: maks('Underskriverens titel', 100),
  standard: z.boolean(),
});

const vaerdierAf = (s: AdmOplys): Vaerdier => ({
  navn: s.navn,
  afsender: s.afsender,
  adresse: s.adresse ?? '',
  postnrBy: s.postnrBy ?? '',
  telefon: s.telefon ?? '',
  email: s.email ?? '',
  web: s.web ?? '',
  underskriftNavn: s.underskriftNavn ?? '',
  underskriftTitel: s.underskriftTitel ?? '',
  standard: s.standard,
});

const nyeVaerdier = (standard: boolean): Vaerdier => ({
  navn: '',
  afsender: '',
  adresse: '',
  postnrBy: '',
  telefon: '',
  email: '',
  web: '',
  underskriftNavn: '',
  underskriftTitel: '',
  standard,
});

const inputAf = (v: Vaerdier): AdmOplysInput => ({ ...v });

/** A logo the server would refuse, said before it is sent. */
function logoFejl(f: File): string | null {
  if (f.size > LOGO_MAKS_BYTES) return LOGO_STOERRELSE_FEJL;
  if (!/\.(png|jpe?g)$/i.test(f.name)) return LOGO_TYPE_FEJL;
  return null;
}

const FELTER: readonly {
  navn: keyof Vaerdier;
  label: string;
  max: number;
  type?: 'email' | 'tel' | 'url';
}[] = [
  { navn: 'adresse', label: 'Adresse', max: 200 },
  { navn: 'postnrBy', label: 'Postnr. og by', max: 100 },
  { navn: 'telefon', label: 'Telefon', max: 30, type: 'tel' },
  { navn: 'email', label: 'E-mail', max: 200, type: 'email' },
  { navn: 'web', label: 'Web', max: 200, type: 'url' },
  { navn: 'underskriftNavn', label: 'Underskriverens navn', max: 100 },
  { navn: 'underskriftTitel', label: 'Underskriverens titel', max: 100 },
];

function AdmOplysForm(p: {
  saet: AdmOplys | undefined;
  kundeId: number;
  foerste: boolean;
  setKommandoer(c: TileCommand[]): void;
  onOprettet(s: AdmOplys): void;
  onSlettet(): void;
  onAnnuller(): void;
}) {
  const { saet } = p;
  const tile = useTile();
  const client = useQueryClient();
  const noegle = admOplysKeys.liste(p.kundeId);
  const { confirm, confirmModal } = useConfirm();
  const opdater = async () => {
    await client.invalidateQueries({ queryKey: noegle });
  };
  const vf = useVersionedForm<Vaerdier, AdmOplys>({
    identitet: `admoplys:${saet?.id ?? 'ny'}`,
    schema: formSchema,
    record: saet,
    version: saet?.version,
    vaerdierAf,
    nye: () => nyeVaerdier(p.foerste),
    kanRette: true,
    gem: (v, s) => (s ? gemAdmOplys(s.id, inputAf(v), s.version) : opretAdmOplys(inputAf(v))),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: async (saved, varNy) => {
      client.setQueryData<AdmOplys[]>(noegle, (l) =>
        l
          ? l.some((s) => s.id === saved.id)
            ? l.map((s) => (s.id === saved.id ? saved : s))
            : [...l, saved]
          : l,
      );
      void opdater();
      toast.success(`'${saved.navn}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await opdater();
      return client.getQueryData<AdmOplys[]>(noegle)?.find((s) => s.id === saet?.id);
    },
    onVaek: p.onSlettet,
  });
  const { form, busy } = vf;
  const erNy = saet === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);

  const slet = useLatest(async () => {
    if (!saet) return;
    const ok = await confirm({
      message: `De administrative oplysninger '${saet.navn}' slettes. Breve, der allerede er dannet, ændres ikke.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await sletAdmOplys(saet.id, saet.version);
      tile.setDirty(false);
      await opdater();
      toast.success(`'${saet.navn}' er slettet`);
      p.onSlettet();
    });
  });

  const filRef = useRef<HTMLInputElement>(null);
  const [logoBesked, setLogoBesked] = useState<string | null>(null);
  const logoUrl = useLogoUrl(saet);
  const sendLogo = async (f: File) => {
    if (!saet) return;
    const lokal = logoFejl(f);
    setLogoBesked(lokal);
    if (lokal) return;
    await vf.koer('logo', async () => {
      try {
        await uploadLogo(saet.id, saet.version, f);
        await opdater();
        toast.success('Logoet er gemt');
      } catch (err) {
        setLogoBesked(serverTekst(err, ['title', 'message']) ?? 'Logoet kunne ikke gemmes');
        throw err;
      } finally {
        if (filRef.current) filRef.current.value = '';
      }
    });
  };

  const { setKommandoer } = p;
  const harSaet = saet !== undefined;
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-admoplys',
        label: 'Gem',
        shortcut: TAST.gem,
        keywords: ['gem'],
        run: () => void gemRef.current(),
      },
      ...(harSaet
        ? [{ id: 'slet-admoplys', label: 'Slet sættet', keywords: ['slet'], run: () => void slet.current() }]
        : []),
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, gemRef, slet, harSaet]);

  const v = form.values;
  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={saet ? `Administrative oplysninger ${saet.navn}` : 'Nye administrative oplysninger'}
    >
      <div className="rt-form-head">
        <h2>{saet ? saet.navn : 'Nyt sæt administrative oplysninger'}</h2>
        {saet?.standard && (
          <span className="adm-oplys-standard small">
            <Star size={12} aria-hidden="true" /> Standard: bruges i breve, når intet andet er valgt
          </span>
        )}
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <TextInput
          name="navn"
          label="Navn på sættet"
          required
          maxLength={100}
          value={v.navn}
          error={form.errors.navn}
          onChange={(x) => form.set('navn', x)}
          hint="Fx afdelingens navn"
        />
        <TextInput
          name="afsender"
          label="Afsender"
          required
          maxLength={200}
          value={v.afsender}
          error={form.errors.afsender}
          onChange={(x) => form.set('afsender', x)}
        />
        {FELTER.map((f) => (
          <TextInput
            key={f.navn}
            name={f.navn}
            label={f.label}
            maxLength={f.max}
            type={f.type}
            value={v[f.navn] as string}
            error={form.errors[f.navn]}
            onChange={(x) => form.set(f.navn, x)}
          />
        ))}
        <Checkbox
          name="standard"
          label={
            saet?.standard
              ? 'Standardsæt (bruges i breve). Gør et andet sæt til standard for at flytte mærket'
              : 'Standardsæt (bruges i breve)'
          }
          checked={v.standard}
          disabled={saet?.standard}
          error={form.errors.standard}
          onChange={(x) => form.set('standard', x)}
        />
      </div>
      {saet && (
        <fieldset className="adm-oplys-logo">
          <legend>Logo</legend>
          {saet.harLogo && logoUrl.data ? (
            <img src={logoUrl.data} alt={`Logo for ${saet.navn}`} className="adm-oplys-logo-billede" />
          ) : (
            <span className="muted small">{saet.harLogo ? 'Henter logo …' : 'Intet logo'}</span>
          )}
          <input
            ref={filRef}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            aria-label="Vælg logo (PNG eller JPEG, højst 500 KB)"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void sendLogo(f);
            }}
          />
          <SpinnerButton
            color="secondary"
            size="small"
            loading={busy === 'logo'}
            loadingText="Sender …"
            disabled={form.dirty}
            title={form.dirty ? 'Gem eller fortryd ændringerne først' : 'PNG eller JPEG, højst 500 KB'}
            onClick={() => filRef.current?.click()}
          >
            <Upload size={14} aria-hidden="true" />
            {saet.harLogo ? 'Skift logo' : 'Vælg logo'}
          </SpinnerButton>
          {logoBesked && (
            <span className="form-error" role="alert">
              {logoBesked}
            </span>
          )}
        </fieldset>
      )}
      <FormKnapper vf={vf} erNy={erNy} onAnnuller={p.onAnnuller}>
        {saet && !saet.standard && (
          <SpinnerButton
            color="danger"
            loading={busy === 'slet'}
            loadingText="Sletter …"
            onClick={() => void slet.current()}
          >
            <Trash2 size={14} aria-hidden="true" />
            Slet
          </SpinnerButton>
        )}
      </FormKnapper>
      {confirmModal}
    </form>
  );
}
