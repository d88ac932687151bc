import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import {
  BASIS_FELTER,
  basisFormSchema,
  type FeltDef,
  feltTom,
  LOKALITET_FELTER,
  type Virksomhed,
} from '../../../contract/virksomhed';
import { formatDato, formatKoordinat } from '../../lib/dates';
import { useFrameCommands } from '../../records/ramme';
import { useMinimapLinks } from '../../session/koordinater-links';
import { useShellSession } from '../../session/session-context';
import { useVersionedForm } from '../../ui/form';
import { ReadOnly, Sektion, StamForm, useGemKommandoer } from '../../ui/form/Stamform';
import { Minikort } from '../../ui/Minikort';
import { toast } from '../../ui/toast';
import { useTile } from '../../workspace/tile-api';
import { afterChange, api, keys, saveFailure } from './api';
import type { Detalje } from './ejer';
import { FeltInput } from './FeltInput';
import { Kontaktpersoner } from './Kontaktpersoner';
import { OpdaterFraCvr } from './OpdaterFraCvr';

type Vaerdier = Record<string, unknown>;

const felt = (navn: string) => BASIS_FELTER.find((f) => f.navn === navn)!;
const gaelder = (f: FeltDef, type: number) => !f.kunFor || f.kunFor === type;

/** The form's values: every editable basis field of the company's type, and the locality. */
function vaerdierAf(v: Virksomhed): Vaerdier {
  const out: Vaerdier = {};
  for (const f of BASIS_FELTER) {
    if (f.skrivebeskyttet || !gaelder(f, v.type)) continue;
    out[f.navn] = (v.basis as unknown as Record<string, unknown>)[f.navn] ?? feltTom(f);
  }
  out.lokalitet = Object.fromEntries(
    LOKALITET_FELTER.map((f) => [f.navn, (v.lokalitet as unknown as Record<string, unknown>)[f.navn] ?? []]),
  );
  return out;
}

/** The sections of the form, in reading order. */
const SEKTIONER: { titel: string; felter: string[] }[] = [
  { titel: 'Virksomhed', felter: ['navn', 'cvrNr', 'pNr', 'chrNr', 'etableringsDato', 'ophoertDato'] },
  {
    titel: 'Tilsyn og DMA',
    felter: [
      'virksomhedsGruppeId',
      'kategori',
      'hovedaktivitet',
      'miljoemyndighedId',
      'dmaMyndighedstyperId',
      'dmaStatusId',
      'dmaStatusDato',
      'dmabatKonklusionId',
      'omfattetAfAktivtTilsynDato',
      'dmaSenestOpdateringDato',
      'dmaUrlForVirksomhed',
      'omfattetAfAktivtTilsyn',
      'omfattetAfVOC',
      'risikovirksomhed',
      'anvendCVRAdresseVedIndberetning',
      'dmaStaedfaestVedCVR',
      'biaktiviteter',
    ],
  },
  { titel: 'Sagsbehandlere', felter: ['primaerSagsbehandler', 'sagsbehandlerListe'] },
  {
    titel: 'Brugerbetaling',
    felter: [
      'omfattetAfBrugerbetaling',
      'brugerbetaling',
      'betalerTypeKode',
      'kontaktpersonId',
      'betalingsReference',
      'betalerBemaerkning',
    ],
  },
  { titel: 'Bemærkning', felter: ['bemaerkning'] },
];

/**
 * Stamoplysninger: every basis and locality field, editable with the caseworker right of the type
 * (disabled with only the read right). Checked with the shared schema before saving; a stale save
 * answers 409 and the form keeps what the user typed.
 */
export function Stamoplysninger({ d }: { d: Detalje }) {
  const { v, kanRette, ctx } = d;
  const client = useQueryClient();
  const tile = useTile();
  const landbrug = v.type === VIRKSOMHEDSTYPE.LANDBRUG;
  const kortlinks = useMinimapLinks(
    useShellSession().user?.customerId ?? 0,
    landbrug ? 'landbrug' : 'virksomhed',
  );
  // The form belongs to this company: another company in the same tile starts from its own values.
  const vf = useVersionedForm<Vaerdier, Virksomhed>({
    identitet: `virksomhed:${v.id}`,
    schema: basisFormSchema,
    record: v,
    version: v.version,
    vaerdierAf,
    kanRette,
    gem: (data, r) => api.gemBasis(v.id, { ...data, version: r?.version ?? v.version }),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: (saved) => {
      client.setQueryData(keys.virksomhed(v.id), saved);
      afterChange(client, v.id);
      toast.success('Stamoplysningerne er gemt');
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: keys.virksomhed(v.id), exact: true });
      return client.getQueryData<Virksomhed>(keys.virksomhed(v.id));
    },
  });
  const { form, gem } = vf;

  const commands = useGemKommandoer(kanRette, form.dirty, gem, vf.fortryd);
  useFrameCommands(commands);

  const setLokalitet = (navn: string, x: unknown) =>
    form.set('lokalitet', { ...(form.values.lokalitet as Vaerdier), [navn]: x });
  const lokFejl = (navn: string) => form.errors[`lokalitet.${navn}`];

  const renderFelt = (navn: string) => {
    const f = felt(navn);
    if (!gaelder(f, v.type)) return null;
    const value = f.skrivebeskyttet
      ? (v.basis as unknown as Record<string, unknown>)[navn]
      : form.values[navn];
    const el = (
      <FeltInput
        key={navn}
        felt={f}
        ctx={ctx}
        value={value}
        error={form.errors[navn]}
        onChange={(x) => form.set(navn, x)}
      />
    );
    if (navn === 'dmaUrlForVirksomhed' && v.basis.dmaUrlForVirksomhed && !kanRette) {
      return (
        <div key={navn} className="sp-link">
          {el}
          <a href={String(v.basis.dmaUrlForVirksomhed)} target="_blank" rel="noopener noreferrer">
            Åbn i DMA <ExternalLink size={12} aria-hidden="true" />
          </a>
        </div>
      );
    }
    return el;
  };

  return (
    <div className="sp">
      <StamForm
        vf={vf}
        kanRette={kanRette}
        opdateret={v.opdateret}
        knapper={<OpdaterFraCvr v={v} disabled={form.dirty} />}
      >
        {SEKTIONER.slice(0, 1).map((s) => (
          <Sektion key={s.titel} titel={s.titel}>
            {s.felter.map(renderFelt)}
            <ReadOnly
              label="Branche"
              value={v.basis.branche ? `${v.basis.branche.kode} ${v.basis.branche.navn}` : '–'}
            />
            <ReadOnly
              label="Bibrancher"
              value={
                v.basis.bibrancher.length > 0
                  ? v.basis.bibrancher.map((b) => `${b.kode} ${b.navn}`).join(', ')
                  : '–'
              }
            />
          </Sektion>
        ))}
        <Sektion titel="Adresse og lokalitet">
          <ReadOnly label="Adresse" value={v.lokalitet.adresse ?? '–'} />
          <ReadOnly label="DAWA-adresse-id" value={v.lokalitet.dawaAdresseId ?? '–'} mono />
          <ReadOnly label="Koordinat (UTM32)" value={formatKoordinat(v.lokalitet.x, v.lokalitet.y) || '–'} />
          {LOKALITET_FELTER.map((f) => (
            <FeltInput
              key={f.navn}
              felt={{ ...f, navn: `lokalitet.${f.navn}` }}
              ctx={ctx}
              value={(form.values.lokalitet as Vaerdier)[f.navn]}
              error={lokFejl(f.navn)}
              onChange={(x) => setLokalitet(f.navn, x)}
            />
          ))}
        </Sektion>
        <Sektion titel="Kort" plain>
          <Minikort
            punkt={
              v.lokalitet.x !== null && v.lokalitet.y !== null ? { x: v.lokalitet.x, y: v.lokalitet.y } : null
            }
            wkt={v.wkt}
            navn={v.basis.navn}
            hvad={landbrug ? 'Landbruget' : 'Virksomheden'}
            links={kortlinks.data ?? []}
            linksFejl={kortlinks.isError}
          />
        </Sektion>
        {SEKTIONER.slice(1).map((s) => (
          <Sektion key={s.titel} titel={s.titel}>
            {s.felter.map(renderFelt)}
            {s.titel === 'Tilsyn og DMA' && (
              <ReadOnly label="Aktivitetsliste" value={v.basis.aktivitetsListe.join(', ') || '–'} />
            )}
          </Sektion>
        ))}
      </StamForm>
      <Sektion titel="Kontaktpersoner" plain>
        <Kontaktpersoner d={d} />
      </Sektion>
      <Sektion titel="Ændringer i CVR" plain>
        {v.cvrAendringer.length === 0 ? (
          <p className="muted">Ingen registrerede ændringer.</p>
        ) : (
          <table className="vd-table">
            <thead>
              <tr>
                <th>Registreret</th>
                <th>Felt</th>
                <th>Før</th>
                <th>Nu</th>
                <th>Overtaget</th>
              </tr>
            </thead>
            <tbody>
              {v.cvrAendringer.map((a) => (
                <tr key={a.id}>
                  <td>{formatDato(a.registreret)}</td>
                  <td>{a.felt}</td>
                  <td>{a.gammelVaerdi ?? '–'}</td>
                  <td>{a.nyVaerdi ?? '–'}</td>
                  <td>{a.overtaget ? `Ja${a.bruger ? ` (${a.bruger})` : ''}` : 'Nej'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Sektion>
    </div>
  );
}
