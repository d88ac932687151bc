import { useQueryClient } from '@tanstack/react-query';
import { Save, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo } from 'react';
import { feltTom, inputSchema } from '../../../contract/felter';
import {
  gemSatVirksomhed,
  SAT_VIRKSOMHED_FELTER,
  type SatVirksomhed,
  satVirksomhedTjek,
} from '../../../contract/sat';
import { medGenvej } from '../../lib/keyboard';
import { saveFailure } from '../../records/api';
import type { FeltKontekst } from '../../records/FeltInput';
import { FormFelter } from '../../records/FormFelter';
import { panelerForaeldet } from '../../records/SidePanels';
import type { Vagt } from '../../records/vagt';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { Button, SpinnerButton } from '../../ui/Button';
import { useVersionedForm } from '../../ui/form';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ReadOnly, Sektion } from '../../ui/form/Stamform';
import { toast } from '../../ui/toast';
import { listeForaeldet, satKeys } from './detail-api';

type Vaerdier = Record<string, unknown>;

const schema = inputSchema(SAT_VIRKSOMHED_FELTER, satVirksomhedTjek);

function vaerdierAf(s: SatVirksomhed): Vaerdier {
  const v = s as SatVirksomhed & Record<string, unknown>;
  return Object.fromEntries(SAT_VIRKSOMHED_FELTER.map((f) => [f.navn, v[f.navn] ?? feltTom(f)]));
}

/** Who a Gem (Mod+S) of the tab reaches: each form says whether it has something to save. */
export interface GemDel {
  dirty: boolean;
  gem(): Promise<void>;
}

/**
 * The SAT company's master data (GET/PUT satvirksomhed/{id}) in the field language: saved with the
 * version edited (409 keeps the input and offers a reload, 400 shows the field messages). A company
 * from Miljøstyrelsen's list cannot be changed here (satVirksomhedKanAendres false): the form only
 * shows, with a line saying why.
 */
export function SatStamdata({
  sat,
  kanRette,
  vagt,
  registrerGem,
}: {
  sat: SatVirksomhed;
  kanRette: boolean;
  vagt: Vagt;
  registrerGem(del: GemDel | null): void;
}) {
  const client = useQueryClient();
  const session = useShellSession();
  const noegle = satKeys.sat(sat.id);
  const kanAendre = kanRette && sat.satVirksomhedKanAendres;

  const vf = useVersionedForm<Vaerdier, SatVirksomhed>({
    identitet: `satvirksomhed:${sat.id}`,
    schema,
    record: sat,
    version: sat.version,
    vaerdierAf,
    kanRette: kanAendre,
    gem: (data, r) =>
      http.call(gemSatVirksomhed, {
        params: { id: sat.id },
        body: { ...(data as object), version: r?.version ?? sat.version } as never,
        silent: true,
      }),
    fejl: saveFailure,
    vagt,
    onGemt: (saved) => {
      client.setQueryData(noegle, saved);
      listeForaeldet(client);
      panelerForaeldet(client, noegle);
      toast.success('Virksomhedens oplysninger er gemt');
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: noegle, exact: true });
      return client.getQueryData<SatVirksomhed>(noegle);
    },
  });
  const { form } = vf;
  const dirty = kanAendre && form.dirty;
  const gem = vf.gem;
  useEffect(() => {
    registrerGem(kanAendre ? { dirty, gem } : null);
  }, [registrerGem, kanAendre, dirty, gem]);
  useEffect(() => () => registrerGem(null), [registrerGem]);

  const kontekst = useMemo<FeltKontekst>(
    () => ({
      ejer: { id: sat.id, type: 4 },
      kundeId: session.user?.customerId ?? 0,
      disabled: !kanAendre,
      kendteNavne: new Map(),
    }),
    [sat.id, session.user?.customerId, kanAendre],
  );

  return (
    <form
      ref={form.ref}
      className="sp-form sat-stam"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void vf.gem();
      }}
      noValidate
      aria-label="Virksomheden"
    >
      {kanAendre && (
        <div className="sp-actions">
          <SpinnerButton
            type="submit"
            size="small"
            loading={vf.busy !== null}
            loadingText="Gemmer …"
            disabled={!form.dirty && vf.busy === null}
            title={medGenvej('Gem', 'mod+s')}
          >
            <Save size={14} aria-hidden="true" />
            Gem
          </SpinnerButton>
          <Button size="small" color="secondary" disabled={!form.dirty} onClick={() => vf.fortryd()}>
            <Undo2 size={14} aria-hidden="true" />
            Fortryd ændringer
          </Button>
          {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
        </div>
      )}
      {kanRette && !sat.satVirksomhedKanAendres && (
        <p className="form-alert info sat-laast">
          Virksomheden kommer fra Miljøstyrelsens liste og kan ikke ændres
        </p>
      )}
      <FormBeskeder vf={vf} />
      <Sektion titel="Virksomheden">
        <FormFelter felter={SAT_VIRKSOMHED_FELTER} form={form} ctx={kontekst} />
        <ReadOnly label="Adresse" value={sat.adresse ?? ''} />
      </Sektion>
    </form>
  );
}
