import { Star, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  ADM_OPLYSNINGER,
  type AdmOplys,
  LOGO_MAKS_BYTES,
  LOGO_STOERRELSE_FEJL,
  LOGO_TYPE_FEJL,
} from '../../../contract/admin-tekster';
import type { AnyRecord } from '../../../contract/record-kind';
import { serverTekst } from '../../lib/http-fejl';
import { useRecords } from '../../records/api';
import { KundeRegistreringer } from '../../records/KundeRegistreringer';
import type { FormTilstand } from '../../records/RegistreringForm';
import { useShellSession } from '../../session/session-context';
import { SpinnerButton } from '../../ui/Button';
import type { DataTableColumn } from '../../ui/DataTable';
import { NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import type { ViewProps } from '../../workspace/tile-api';
import { uploadLogo, useLogoUrl } from './AdmOplysApi';
import './AdmOplys.css';

export const ADM_OPLYS_STI = '/admin/administrativeoplysninger';

/** The list's own headings and texts where the form's are longer. */
const KOLONNER = {
  navn: { overskrift: 'Navn', tekst: (r: AnyRecord) => String(r.navn) },
  standard: { overskrift: 'Standard', tekst: (r: AnyRecord) => (r.standard ? 'Ja' : '') },
};
const LOGO_KOLONNE: readonly DataTableColumn<AnyRecord>[] = [
  { id: 'logo', header: 'Logo', accessor: (r) => (r.harLogo ? 'Ja' : 'Nej'), width: 60 },
];

/**
 * /admin/administrativeoplysninger/:administrativeoplysningerid? (KOMMUNE_ADMIN or
 * SAGSBEHANDLER_ADMIN): the sets of the municipality's details that letters use (sender, address,
 * contact, signature, logo), record kind ADM_OPLYSNINGER in the generic list and form, with the logo
 * box after the fields. Exactly one set is the standard: the server keeps it so; the standard set
 * cannot be deleted or unmarked, marking another moves the mark. The customer's first set starts
 * marked.
 */
export default function AdministrativeOplysningerView({ params }: ViewProps) {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const saet = useRecords(ADM_OPLYSNINGER, kundeId, kundeId > 0);
  return (
    <KundeRegistreringer
      kind={ADM_OPLYSNINGER}
      sti={ADM_OPLYS_STI}
      param={params.administrativeoplysningerid}
      ikkeFundet="De administrative oplysninger findes ikke hos den aktive kunde."
      tabelNavn="admin-administrativeoplysninger"
      kolonneVisning={KOLONNER}
      ekstraKolonner={LOGO_KOLONNE}
      nyeStandard={{ standard: saet.data?.length === 0 }}
      tom={
        <>
          Kommunen har ingen administrative oplysninger endnu. Breve bruger standardsættet: opret det med{' '}
          <NyTast />.
        </>
      }
      feltHint={(navn) => (navn === 'navn' ? 'Fx afdelingens navn' : undefined)}
      feltTilpasning={(navn, r) =>
        navn === 'standard' && r?.standard === true
          ? {
              label: 'Standardsæt (bruges i breve). Gør et andet sæt til standard for at flytte mærket',
              disabled: true,
            }
          : undefined
      }
      hovedTillaeg={(r) =>
        r.standard === true && (
          <span className="adm-oplys-standard small">
            <Star size={12} aria-hidden="true" /> Standard: bruges i breve, når intet andet er valgt
          </span>
        )
      }
      sletbar={(r) => r.standard !== true}
      efterFelter={(t) => t.record && <LogoBoks saet={t.record as unknown as AdmOplys} form={t} />}
    />
  );
}

/** A logo the server would refuse, said before it is sent. */
function logoFejl(f: File): string | null {
  if (f.size > LOGO_MAKS_BYTES) return LOGO_STOERRELSE_FEJL;
  if (!/\.(png|jpe?g)$/i.test(f.name)) return LOGO_TYPE_FEJL;
  return null;
}

/** A saved set's logo: shown, and replaced by upload while the form holds no changes. */
function LogoBoks({ saet, form }: { saet: AdmOplys; form: FormTilstand }) {
  const filRef = useRef<HTMLInputElement>(null);
  const [logoBesked, setLogoBesked] = useState<string | null>(null);
  const logoUrl = useLogoUrl(saet);
  const sendLogo = async (f: File) => {
    const lokal = logoFejl(f);
    setLogoBesked(lokal);
    if (lokal) return;
    await form.koer('logo', async () => {
      try {
        await uploadLogo(saet.id, saet.version, f);
        form.efterAendring();
        toast.success('Logoet er gemt');
      } catch (err) {
        setLogoBesked(serverTekst(err, ['title', 'message']) ?? 'Logoet kunne ikke gemmes');
        throw err;
      } finally {
        if (filRef.current) filRef.current.value = '';
      }
    });
  };
  return (
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
        loading={form.busy === 'logo'}
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
  );
}
