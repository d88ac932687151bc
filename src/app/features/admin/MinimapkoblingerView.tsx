import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  bygMinimapUrl,
  type MinimapKobling,
  type MinimapKoblingInput,
  tjekUrlSkabelon,
  VISNINGSSTED_TEKST,
  VISNINGSSTEDER,
  type Visningssted,
} from '../../../contract/minimap';
import { hentTilstand } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { koordinatTekst } from '../../lib/koordinater';
import { saveFailure } from '../../records/api';
import { minimapKeys } from '../../session/koordinater-links';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import type { DataTableColumn } from '../../ui/DataTable';
import { Checkbox, RadioGroup, TextInput, useVersionedForm } from '../../ui/form';
import { DetaljePladsholder, FormKnapper, NyKnap, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { useListeDetalje } from '../../workspace/useListeDetalje';
import {
  gemKobling,
  minimapAdminKeys,
  opretKobling,
  sletKobling,
  useMinimapKoblinger,
  useProevepunkter,
} from './MinimapApi';
import '../../records/record.css';
import './MinimapkoblingerView.css';

export const MINIMAP_STI = '/admin/minimapkoblinger';

const TAST = { gem: 'mod+s', test: 'alt+t' } as const;
const NY_KOMMANDO = {
  id: 'ny-minimapkobling',
  label: 'Ny minimapkobling',
  keywords: ['ny', 'opret', 'minimap', 'kort', 'link'],
};
const LISTE_KOMMANDO = {
  id: 'minimapkoblinger-liste',
  label: 'Gå til minimapkoblingerne',
  keywords: ['liste', 'minimap', 'kort'],
};

/**
 * /admin/minimapkoblinger/:minimapkoblingid? (KOMMUNE_ADMIN): the customer's map links per display
 * location, the form of the one in the address (or a new one), and 'Test', which builds the link for
 * a real record's coordinate, shows it, and opens it in a new window.
 */
export default function MinimapkoblingerView({ params }: ViewProps) {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const q = useMinimapKoblinger(kundeId);
  const koblinger = q.isError ? [] : (q.data ?? []);
  const ld = useListeDetalje({
    sti: MINIMAP_STI,
    param: params.minimapkoblingid,
    raekker: koblinger,
    hentet: q.isSuccess,
    ny: NY_KOMMANDO,
    liste: LISTE_KOMMANDO,
  });
  const { valgt } = ld;
  useTileCommands(ld.kommandoer);

  const columns = useMemo<DataTableColumn<MinimapKobling>[]>(
    () => [
      {
        id: 'visningssted',
        header: 'Visningssted',
        accessor: (k) => VISNINGSSTED_TEKST[k.visningssted],
        width: 110,
      },
      { id: 'navn', header: 'Navn', accessor: (k) => k.navn },
      { id: 'url', header: 'URL-skabelon', accessor: (k) => k.url },
      { id: 'aktiv', header: 'Aktiv', accessor: (k) => (k.aktiv ? 'Ja' : 'Nej'), width: 60 },
    ],
    [],
  );
  const settings = useTableSettings('admin-minimapkoblinger');

  return (
    <div className="rt mm-admin">
      <ListeRude<MinimapKobling>
        titel="Minimapkoblinger"
        handlinger={<NyKnap label="Ny minimapkobling" onClick={ld.startNy} />}
        tomKlasse="mm-tom"
        tom={
          <>
            Kunden har ingen minimapkoblinger endnu. Opret den første med <NyTast />.
          </>
        }
        tableName="admin-minimapkoblinger"
        columns={columns}
        rows={koblinger}
        getRowId={(k) => String(k.id)}
        defaultSort={{ column: 'visningssted', direction: 'ASC' }}
        {...hentTilstand(q, 'Minimapkoblingerne')}
        {...ld.tabel}
        settings={settings}
        filterPlaceholder="Søg i minimapkoblinger"
      />
      <section className="rt-form" aria-label={valgt ? valgt.navn : 'Ny minimapkobling'}>
        {ld.formAaben ? (
          <KoblingForm
            key={valgt ? `k${valgt.id}` : 'ny'}
            kobling={valgt}
            kundeId={kundeId}
            setKommandoer={ld.setFormKommandoer}
            onOprettet={ld.oprettet}
            onSlettet={() => ld.vaelg(null)}
            onAnnuller={ld.annullerNy}
          />
        ) : (
          <DetaljePladsholder
            findesIkke={ld.findesIkke}
            ikkeFundet="Minimapkoblingen findes ikke hos den aktive kunde."
          >
            Vælg en minimapkobling i listen med <kbd>Enter</kbd>, eller opret en ny med <NyTast />. En
            URL-skabelon bruger {'{x}'} og {'{y}'} (EPSG:25832, meter) og evt. {'{zoom}'} og {'{bbox}'}.
          </DetaljePladsholder>
        )}
      </section>
    </div>
  );
}

type Vaerdier = { visningssted: Visningssted; navn: string; url: string; aktiv: boolean };

const formSchema = z.object({
  visningssted: z.enum(VISNINGSSTEDER, { error: 'Vælg et visningssted' }),
  navn: z
    .string()
    .trim()
    .min(1, { error: 'Navnet er påkrævet' })
    .max(100, { error: 'Navnet må højst være 100 tegn' }),
  url: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      for (const message of tjekUrlSkabelon(v)) ctx.addIssue({ code: 'custom', message });
    }),
  aktiv: z.boolean(),
});

const vaerdierAf = (k: MinimapKobling): Vaerdier => ({
  visningssted: k.visningssted,
  navn: k.navn,
  url: k.url,
  aktiv: k.aktiv,
});
const nye = (): Vaerdier => ({ visningssted: 'vandanlaeg', navn: '', url: 'https://', aktiv: true });
const input = (v: Vaerdier): MinimapKoblingInput => ({ ...v, navn: v.navn.trim(), url: v.url.trim() });

const VISNINGSSTED_VALG = VISNINGSSTEDER.map((v) => ({ value: v, label: VISNINGSSTED_TEKST[v] }));

function KoblingForm(p: {
  kobling: MinimapKobling | undefined;
  kundeId: number;
  setKommandoer(c: TileCommand[]): void;
  onOprettet(k: MinimapKobling): void;
  onSlettet(): void;
  onAnnuller(): void;
}) {
  const { kobling, kundeId } = p;
  const client = useQueryClient();
  const tile = useTile();
  const opfrisk = () => client.invalidateQueries({ queryKey: minimapKeys.alle });
  const vf = useVersionedForm<Vaerdier, MinimapKobling>({
    identitet: `minimapkobling:${kobling?.id ?? 'ny'}`,
    schema: formSchema,
    record: kobling,
    version: kobling?.version,
    vaerdierAf,
    nye,
    kanRette: true,
    gem: (v, k) => (k ? gemKobling(k.id, input(v), k.version) : opretKobling(input(v))),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: async (saved, varNy) => {
      await opfrisk();
      toast.success(`Minimapkoblingen '${saved.navn}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await opfrisk();
      return client
        .getQueryData<MinimapKobling[]>(minimapAdminKeys.alle(kundeId))
        ?.find((k) => k.id === kobling?.id);
    },
  });
  const { form, busy } = vf;
  const erNy = kobling === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);

  const [sletSpoerg, setSletSpoerg] = useState(false);
  const slet = () => {
    setSletSpoerg(false);
    if (!kobling) return;
    void vf.koer('slet', async () => {
      await sletKobling(kobling.id, kobling.version);
      vf.fortryd();
      await opfrisk();
      toast.success(`Minimapkoblingen '${kobling.navn}' er slettet`);
      p.onSlettet();
    });
  };

  const v = form.values;
  const testRef = useRef<() => void>(() => {});
  const { setKommandoer } = p;
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-minimapkobling',
        label: 'Gem minimapkobling',
        shortcut: TAST.gem,
        keywords: ['gem', 'minimap'],
        run: () => void gemRef.current(),
      },
      {
        id: 'test-minimapkobling',
        label: 'Test minimapkoblingen',
        shortcut: TAST.test,
        keywords: ['test', 'åbn', 'minimap', 'kort'],
        run: () => testRef.current(),
      },
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, gemRef]);

  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={kobling ? `Minimapkobling ${kobling.navn}` : 'Ny minimapkobling'}
    >
      <div className="rt-form-head">
        <h2>{kobling ? kobling.navn : 'Ny minimapkobling'}</h2>
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <RadioGroup
          name="visningssted"
          label="Visningssted"
          value={v.visningssted}
          options={VISNINGSSTED_VALG}
          error={form.errors.visningssted}
          onChange={(x) => form.set('visningssted', x)}
        />
        <TextInput
          name="navn"
          label="Navn (vises som 'Åbn i …')"
          required
          maxLength={100}
          value={v.navn}
          error={form.errors.navn}
          onChange={(x) => form.set('navn', x)}
        />
        <TextInput
          name="url"
          label="URL-skabelon"
          wide
          required
          maxLength={2000}
          value={v.url}
          error={form.errors.url}
          onChange={(x) => form.set('url', x)}
          hint="https://… med {x} og {y} (EPSG:25832, meter), evt. {zoom} og {bbox}"
        />
        <Checkbox
          name="aktiv"
          label="Aktiv (vises på kortene)"
          checked={v.aktiv}
          error={form.errors.aktiv}
          onChange={(x) => form.set('aktiv', x)}
        />
      </div>
      <FormKnapper vf={vf} erNy={erNy} onAnnuller={p.onAnnuller}>
        {!erNy && (
          <Button color="danger" disabled={busy !== null} onClick={() => setSletSpoerg(true)}>
            <Trash2 size={14} aria-hidden="true" />
            Slet
          </Button>
        )}
      </FormKnapper>
      <MinimapTest skabelon={v.url} visningssted={v.visningssted} testRef={testRef} />
      <ConfirmModal
        open={sletSpoerg}
        title="Slet minimapkobling"
        message={`Slet '${kobling?.navn ?? ''}'? Linket forsvinder fra kortene.`}
        confirmLabel="Slet"
        confirmColor="danger"
        onConfirm={slet}
        onCancel={() => setSletSpoerg(false)}
      />
    </form>
  );
}

/**
 * 'Test': the template built for a real record of the display location (the first with a
 * coordinate, or one the user searches for), the URL shown before it opens in a new window.
 */
function MinimapTest(p: { skabelon: string; visningssted: Visningssted; testRef: { current: () => void } }) {
  const [soeg, setSoeg] = useState('');
  const [soegQ, setSoegQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSoegQ(soeg.trim()), 250);
    return () => clearTimeout(t);
  }, [soeg]);
  const punkter = useProevepunkter(p.visningssted, soegQ);
  const [valgtId, setValgtId] = useState<number | null>(null);
  const liste = punkter.data ?? [];
  const punkt = liste.find((x) => x.id === valgtId) ?? liste[0];
  const fejl = tjekUrlSkabelon(p.skabelon);
  const url = punkt && fejl.length === 0 ? bygMinimapUrl(p.skabelon.trim(), punkt) : null;
  const aabn = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };
  p.testRef.current = aabn;
  const stedTekst = VISNINGSSTED_TEKST[p.visningssted].toLowerCase();

  return (
    <fieldset className="mm-test" aria-label="Test minimapkoblingen">
      <legend>Test</legend>
      <div className="mm-test-valg">
        <TextInput
          name="proeveSoeg"
          label={`Søg ${stedTekst} med koordinat`}
          value={soeg}
          onChange={setSoeg}
          maxLength={100}
        />
        <label className="form-field mm-test-select">
          <span className="form-label">Prøv på</span>
          <select
            name="proevepunkt"
            value={punkt?.id ?? ''}
            onChange={(e) => setValgtId(Number(e.target.value))}
            disabled={liste.length === 0}
          >
            {liste.map((x) => (
              <option key={x.id} value={x.id}>
                {x.navn}
              </option>
            ))}
          </select>
        </label>
      </div>
      {punkter.isSuccess && liste.length === 0 && (
        <p className="muted small">Ingen {stedTekst} med koordinat matcher søgningen.</p>
      )}
      {punkter.isError && <p className="form-alert">Prøvestederne kunne ikke hentes.</p>}
      {punkt && <p className="muted small">{koordinatTekst(punkt)}</p>}
      <p className="mm-test-url">
        <span className="form-label">Link der åbnes</span>
        <output data-testid="minimap-test-url">{url ?? fejl[0] ?? 'Vælg et sted at prøve på'}</output>
      </p>
      <div className="rt-actions">
        <Button color="secondary" disabled={!url} onClick={aabn} title={medGenvej('Test', TAST.test)}>
          <ExternalLink size={14} aria-hidden="true" />
          Test
        </Button>
      </div>
    </fieldset>
  );
}
