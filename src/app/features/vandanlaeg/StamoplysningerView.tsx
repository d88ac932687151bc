import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { feltTom } from '../../../contract/felter';
import { formatTal } from '../../../contract/format';
import {
  gemVandanlaegBasis,
  hentMuligeVirksomhedstyper,
  hentVandanlaegListe,
  rensKoordinat,
  VANDANLAEG_BASIS_FELTER,
  type Vandanlaeg,
  vandanlaegBasisFormSchema,
  vandLookupSti,
} from '../../../contract/vandanlaeg';
import { saveFailure } from '../../records/api';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { useMinimapLinks } from '../../session/koordinater-links';
import { lookupQuery, useLookup, useSagsbehandlere } from '../../session/lookups';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { LookupSelect, TextInput, useVersionedForm } from '../../ui/form';
import { ReadOnly, Sektion, StamForm, useGemKommandoer } from '../../ui/form/Stamform';
import { Minikort } from '../../ui/Minikort';
import { toast } from '../../ui/toast';
import { useTile, type ViewProps } from '../../workspace/tile-api';
import { vandanlaegKeys } from './api';
import { logbogKey, type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import JupiterPanel from './JupiterPanel';
import { jupiterKeys } from './jupiter-api';
import { BasisFelt, DawaAdresseFelt, type DawaValg } from './StamoplysningerFelt';
import { PlantKontaktpersoner } from './StamoplysningerKontakter';

type Vaerdier = Record<string, unknown>;

/** How many plants the over-plant list offers at a time (a search finds the rest). */
const OVERANLAEG_ANTAL = 200;

const felt = (navn: string) => VANDANLAEG_BASIS_FELTER.find((f) => f.navn === navn)!;

/** x and y as the Danish text the form shows ('512.345,6'). */
const somTekst = (n: number | null | undefined) => (n === null || n === undefined ? '' : formatTal(n, 2));

/** The form's values of a saved plant: every editable basis field, the over-plant, coordinate and locality. */
function vaerdierAf(p: Vandanlaeg): Vaerdier {
  const out: Vaerdier = {};
  const basis = p.basis as unknown as Record<string, unknown>;
  for (const f of VANDANLAEG_BASIS_FELTER) {
    if (f.skrivebeskyttet) continue;
    out[f.navn] = basis[f.navn] ?? feltTom(f);
  }
  out.overanlaegVirksomhedId = p.basis.overanlaegVirksomhedId;
  out.koordinat = p.koordinat ? { x: somTekst(p.koordinat.x), y: somTekst(p.koordinat.y) } : null;
  out.matrikler = p.matrikler;
  out.bfeNr = p.lokalitet.bfeNr ?? '';
  out.adresse = undefined;
  return out;
}

/** The sections of the form, in reading order. */
const SEKTIONER: { titel: string; felter: string[] }[] = [
  {
    titel: 'Anlæg',
    felter: ['anlaegsnavn', 'anlaegsnr', 'jupiterId', 'journalNr', 'cvrNr', 'pNr', 'hjemmeside'],
  },
  {
    titel: 'Jupiter',
    felter: [
      'jupiterIndvindingsformaalId',
      'primaerVirksomhedstype',
      'jupiterAnlaegsartId',
      'jupiterAktivStatusId',
      'jupiterVandtypeId',
      'jupiterCTRLPROGRAMId',
      'jupiterKoordinatMetodeId',
      'startdato',
      'slutdato',
      'beliggenhedsKommuneId',
      'analysegodkendeKommuneId',
      'indberetning',
      'udledning',
      'oevrigeVandanlaegVirksomhedstyper',
      'jupiterBemaerkning',
    ],
  },
  { titel: 'Ejer (vandforsyningsloven § 24 d)', felter: ['ejerNavn', 'ejerCvrCprNr', 'ejerAdresse'] },
  { titel: 'Tilladelse', felter: ['vandmaengdeM3Aar', 'udloebsdatoPaaGaeldendeTilladelse'] },
  { titel: 'Sagsbehandling', felter: ['sagsbehandlerListe', 'bemaerkning'] },
];

/** /vandanlaeg/:id/stamoplysninger: the plant's basis, address, coordinate, locality, over- and under-plants, contacts. */
export default function StamoplysningerView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => <Stamoplysninger d={d} />}
    </EjerRamme>
  );
}

function Stamoplysninger({ d }: { d: PlantDetalje }) {
  const { plant, kanRette } = d;
  const client = useQueryClient();
  const tile = useTile();
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;

  const vf = useVersionedForm<Vaerdier, Vandanlaeg>({
    identitet: `vandanlaeg:${plant.id}`,
    schema: vandanlaegBasisFormSchema,
    record: plant,
    version: plant.version,
    vaerdierAf,
    kanRette,
    gem: (data, r) =>
      http.call(gemVandanlaegBasis, {
        params: { id: plant.id },
        body: { ...(data as object), version: r?.version ?? plant.version } as never,
        silent: true,
      }),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: (saved) => {
      client.setQueryData(vandanlaegKeys.plant(plant.id), saved);
      void client.invalidateQueries({ queryKey: vandanlaegKeys.liste });
      void client.invalidateQueries({ queryKey: logbogKey(plant.id) });
      void client.invalidateQueries({ queryKey: jupiterKeys.klar(plant.id) });
      // Plants that were or became under-plants show the change on their own tiles.
      void client.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'vandanlaeg' && typeof q.queryKey[1] === 'number' && q.queryKey[1] !== plant.id,
      });
      toast.success('Stamoplysningerne er gemt');
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: vandanlaegKeys.plant(plant.id), exact: true });
      return client.getQueryData<Vandanlaeg>(vandanlaegKeys.plant(plant.id));
    },
  });
  const { form, gem } = vf;
  const disabled = !kanRette;

  const commands = useGemKommandoer(kanRette, form.dirty, gem, vf.fortryd);
  useFrameCommands(commands);

  // Lookups: every list a basis field names, the dependent company types, case workers, plants.
  const lookups: Record<string, ReturnType<typeof useLookup>> = {
    jupiterindvindingsformaal: useLookup(vandLookupSti('jupiterindvindingsformaal')),
    jupitervirksomhedstype: useLookup(vandLookupSti('jupitervirksomhedstype')),
    jupiteranlaegsart: useLookup(vandLookupSti('jupiteranlaegsart')),
    jupiteraktivstatus: useLookup(vandLookupSti('jupiteraktivstatus')),
    jupitervandtype: useLookup(vandLookupSti('jupitervandtype')),
    jupiterctrlprogram: useLookup(vandLookupSti('jupiterctrlprogram')),
    jupiterkoordinatmetode: useLookup(vandLookupSti('jupiterkoordinatmetode')),
    kommune: useLookup(vandLookupSti('kommune')),
  };
  const formaal = form.values.jupiterIndvindingsformaalId as number | null;
  const mulige = useQuery(
    lookupQuery({
      path: `MWVandanlaegLookUp/list/jupitermuligevirksomhedstype/${formaal}`,
      hent: (signal) =>
        http.call(hentMuligeVirksomhedstyper, { params: { formaalId: formaal ?? 0 }, signal }),
      enabled: formaal !== null,
    }),
  );
  const sagsbehandlere = useSagsbehandlere(kundeId, 'Vandanlaeg');
  const kortlinks = useMinimapLinks(kundeId, 'vandanlaeg');
  // Over-plant options: the customer's plants by name, narrowed by a search when there are many.
  const [overSoeg, setOverSoeg] = useState('');
  const [overQ, setOverQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setOverQ(overSoeg.trim()), 250);
    return () => clearTimeout(t);
  }, [overSoeg]);
  const anlaeg = useQuery({
    queryKey: [...vandanlaegKeys.liste, 'valg', kundeId, overQ],
    queryFn: ({ signal }) =>
      http.call(hentVandanlaegListe, {
        query: {
          kundeid: kundeId,
          take: OVERANLAEG_ANTAL,
          sortByColumn: 'anlaegsnavn',
          sortDirection: 'ASC',
          filter: overQ || undefined,
        },
        signal,
      }),
    enabled: kanRette && kundeId > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  // Names of the plants seen in the options, so a chosen one keeps its name when the search moves on.
  const kendteAnlaeg = useRef(new Map<number, string>());
  if (plant.overanlaeg) kendteAnlaeg.current.set(plant.overanlaeg.id, plant.overanlaeg.navn);
  const valgtOver = form.values.overanlaegVirksomhedId as number | null;
  const anlaegValg = useMemo(() => {
    const items = (anlaeg.data?.items ?? [])
      .filter((a) => a.id !== plant.id)
      .map((a, i) => {
        const navn = a.anlaegsnr ? `${a.anlaegsnavn} (${a.anlaegsnr})` : a.anlaegsnavn;
        kendteAnlaeg.current.set(a.id, navn);
        return { id: a.id, kode: String(a.id), navn, aktiv: true, dmaKode: true, prioritet: i + 1 };
      });
    // The chosen over-plant is always an option (a reader has no list; a search may not hold it).
    if (valgtOver !== null && !items.some((i) => i.id === valgtOver)) {
      items.unshift({
        id: valgtOver,
        kode: String(valgtOver),
        navn: kendteAnlaeg.current.get(valgtOver) ?? `Anlæg ${valgtOver}`,
        aktiv: true,
        dmaKode: true,
        prioritet: 0,
      });
    }
    return items;
  }, [anlaeg.data, plant.id, valgtOver]);
  const flereAnlaeg = (anlaeg.data?.totalCount ?? 0) > OVERANLAEG_ANTAL;

  const optionsFor = (navn: string) => {
    const t = felt(navn).type;
    if (t.kind !== 'lookup') return { options: undefined, loading: false };
    if (navn === 'sagsbehandlerListe')
      return { options: sagsbehandlere.data, loading: sagsbehandlere.isLoading };
    if (navn === 'primaerVirksomhedstype' && formaal !== null) {
      // Narrowed by the purpose; the saved value stays selectable.
      const alle = lookups.jupitervirksomhedstype!.data ?? [];
      const tilladte = new Set((mulige.data ?? []).map((m) => m.kode));
      return {
        options: alle.map((o) => ({ ...o, aktiv: tilladte.has(o.kode) })),
        loading: mulige.isLoading,
      };
    }
    const path = 'path' in t.kilde ? t.kilde.path : '';
    const key = path.split('/').pop() ?? '';
    const q = lookups[key];
    return { options: q?.data, loading: q?.isLoading ?? false };
  };

  const renderFelt = (navn: string) => {
    const f = felt(navn);
    const { options, loading } = optionsFor(navn);
    return (
      <BasisFelt
        key={navn}
        felt={f}
        value={form.values[navn]}
        error={form.errors[navn]}
        disabled={disabled}
        options={options}
        loading={loading}
        onChange={(x) => form.set(navn, x)}
      />
    );
  };

  const koordinat = form.values.koordinat as { x: string; y: string } | null;
  const setKoordinat = (akse: 'x' | 'y', tekst: string) => {
    const ny = { x: koordinat?.x ?? '', y: koordinat?.y ?? '', [akse]: tekst };
    form.set('koordinat', ny.x.trim() === '' && ny.y.trim() === '' ? null : ny);
  };
  const adresseValg = form.values.adresse as DawaValg | null | undefined;

  const aabn = (e: MouseEvent, id: number) => {
    e.preventDefault();
    const sti = `/vandanlaeg/${id}/stamoplysninger`;
    if (e.ctrlKey || e.metaKey) tile.openBeside(sti);
    else tile.navigate(sti);
  };

  return (
    <div className="sp va-sp">
      <StamForm vf={vf} kanRette={kanRette} opdateret={plant.opdateret}>
        {SEKTIONER.slice(0, 1).map((s) => (
          <Sektion key={s.titel} titel={s.titel}>
            {s.felter.map(renderFelt)}
          </Sektion>
        ))}
        <Sektion titel="Adresse og placering">
          <DawaAdresseFelt
            nuvaerende={plant.adresse.fuldeAdresse}
            valgt={adresseValg}
            error={form.errors.adresse ?? form.errors['adresse.dawaAdresseId']}
            disabled={disabled}
            onVaelg={(a) => {
              form.set('adresse', { dawaAdresseId: a.id, dawaAdresseType: a.type, tekst: a.tekst });
              // The address's point is offered as the coordinate when the plant has none.
              if (!koordinat) form.set('koordinat', { x: somTekst(a.x), y: somTekst(a.y) });
            }}
          />
          <TextInput
            name="koordinat.x"
            label="X-koordinat (EPSG:25832)"
            marks={['J']}
            inputMode="decimal"
            placeholder="fx 512.345,6"
            maxLength={40}
            value={koordinat?.x ?? ''}
            error={form.errors['koordinat.x'] ?? form.errors.koordinat}
            disabled={disabled}
            onChange={(s) => setKoordinat('x', s)}
          />
          <TextInput
            name="koordinat.y"
            label="Y-koordinat (EPSG:25832)"
            marks={['J']}
            inputMode="decimal"
            placeholder="fx 6.234.567,8"
            maxLength={40}
            value={koordinat?.y ?? ''}
            error={form.errors['koordinat.y']}
            disabled={disabled}
            onChange={(s) => setKoordinat('y', s)}
          />
          <TextInput
            name="bfeNr"
            label="BFE-nr."
            inputMode="numeric"
            maxLength={20}
            value={(form.values.bfeNr as string | null) ?? ''}
            error={form.errors.bfeNr}
            disabled={disabled}
            onChange={(s) => form.set('bfeNr', s)}
          />
          <BasisFelt
            felt={{ navn: 'matrikler', label: 'Matrikler', type: { kind: 'linjer', max: 50 } }}
            value={form.values.matrikler}
            error={form.errors.matrikler}
            disabled={disabled}
            onChange={(x) => form.set('matrikler', x)}
          />
        </Sektion>
        <Sektion titel="Kort" plain>
          <Minikort
            punkt={plant.koordinat}
            wkt={plant.wkt}
            navn={plant.basis.anlaegsnavn}
            hvad="Vandanlægget"
            links={kortlinks.data ?? []}
            linksFejl={kortlinks.isError}
          />
        </Sektion>
        {SEKTIONER.slice(1).map((s) => (
          <Sektion key={s.titel} titel={s.titel}>
            {s.felter.map(renderFelt)}
            {s.titel === 'Jupiter' && (
              <ReadOnly
                label="Jupiter-indberetningsstatus"
                value={plant.basis.jupiterIndberetningStatus ?? 'Ikke indberettet'}
              />
            )}
          </Sektion>
        ))}
        <Sektion titel="Over- og underanlæg">
          {kanRette && (flereAnlaeg || overQ !== '') && (
            // biome-ignore lint/a11y/noStaticElementInteractions: keeps Enter in the search (the input inside) from saving the form
            <div
              className="va-oversoeg"
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault();
              }}
            >
              <TextInput
                name="overanlaegSoeg"
                label="Søg overanlæg"
                placeholder="Navn, anlægsnr. eller Jupiter-id"
                maxLength={100}
                value={overSoeg}
                onChange={setOverSoeg}
                hint={flereAnlaeg ? `Viser de første ${OVERANLAEG_ANTAL}; søg for at finde andre` : undefined}
              />
            </div>
          )}
          <LookupSelect
            name="overanlaegVirksomhedId"
            label="Overanlæg"
            options={anlaegValg}
            loading={anlaeg.isLoading}
            value={form.values.overanlaegVirksomhedId as number | null}
            error={form.errors.overanlaegVirksomhedId}
            disabled={disabled}
            emptyLabel="Intet overanlæg"
            onChange={(v) => form.set('overanlaegVirksomhedId', v as number | null)}
          />
          <div className="form-field wide" data-felt="underanlaeg">
            <span className="form-field-head">
              <span className="form-label">Underanlæg</span>
            </span>
            {plant.underanlaeg.length === 0 ? (
              <span className="muted">Ingen underanlæg.</span>
            ) : (
              <ul className="va-underanlaeg">
                {plant.underanlaeg.map((u) => (
                  <li key={u.id}>
                    <a href={`/vandanlaeg/${u.id}/stamoplysninger`} onClick={(e) => aabn(e, u.id)}>
                      {u.navn}
                    </a>
                    {u.anlaegsnr && <span className="muted"> ({u.anlaegsnr})</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Sektion>
      </StamForm>
      <Sektion titel="Jupiter-indberetning" plain>
        <JupiterPanel
          plant={plant}
          kanRette={kanRette}
          kladde={{
            basis: { ...(plant.basis as unknown as Vaerdier), ...form.values },
            koordinat: koordinat
              ? { x: rensKoordinat(koordinat.x, 6), y: rensKoordinat(koordinat.y, 7) }
              : null,
          }}
          ikkeGemt={kanRette && form.dirty}
        />
      </Sektion>
      <Sektion titel="Kontaktpersoner" plain>
        <PlantKontaktpersoner plant={plant} kanRette={kanRette} />
      </Sektion>
    </div>
  );
}
