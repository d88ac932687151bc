import { useQuery } from '@tanstack/react-query';
import type { AnyRecord, AnyRecordKind } from '../../../contract/record-kind';
import {
  DIADEM_ANALYSEFREKVENS,
  DIADEM_ANLAEGSPAABUD,
  DIADEM_ANLAEGSPAABUD_DISPENSATION,
  DIADEM_BORINGSPAABUD,
  DIADEM_BORINGSPAABUD_DISPENSATION,
  DISPENSATION_LISTER,
  hentDiademStoffer,
} from '../../../contract/vandanlaeg-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import { useDelteVagter, type Vagt } from '../../records/vagt';
import { http } from '../../session/runtime';
import type { ViewProps } from '../../workspace/tile-api';
import { type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import { PlantRecordListe } from './registreringer';

/** The dispensations of one order, shown under the order's form; new ones belong to the order. */
function Dispensationer({
  d,
  kind,
  paabud,
  vagt,
}: {
  d: PlantDetalje;
  kind: AnyRecordKind;
  paabud: AnyRecord;
  vagt: Vagt;
}) {
  const ep = DISPENSATION_LISTER[kind.art as keyof typeof DISPENSATION_LISTER];
  return (
    <div className="rt-under">
      <PlantRecordListe
        d={d}
        kind={kind}
        overskrift={`Dispensationer fra '${paabud.titel}'`}
        faste={{ paabudId: paabud.id }}
        vagt={vagt}
        liste={{
          key: ['vandanlaeg', d.plant.id, 'registreringer', kind.art, paabud.id],
          hent: (signal) => http.call(ep, { params: { id: paabud.id }, signal }) as Promise<AnyRecord[]>,
        }}
      />
    </div>
  );
}

/** The Diadem substances the orders and frequencies name (DiademStof/list). */
function Stoffer({ plantId }: { plantId: number }) {
  const q = useQuery({
    queryKey: ['vandanlaeg', plantId, 'diademstoffer'],
    queryFn: ({ signal }) => http.call(hentDiademStoffer, { params: { id: plantId }, signal }),
    staleTime: Infinity,
  });
  return (
    <section className="rt-under" aria-label="Stoffer">
      <h2 className="small">Stoffer i Diadem</h2>
      {q.isLoading && <p className="muted small">Henter stoffer …</p>}
      {q.isError && <p className="form-alert">Stofferne kunne ikke hentes</p>}
      {q.data && <p className="small">{q.data.map((s) => s.navn).join(' · ')}</p>}
    </section>
  );
}

/**
 * The Diadem tab (/vandanlaeg/:id/diadem): analysis frequencies, plant orders and borehole orders,
 * each order with its dispensations, and the substances — several record lists on one tab.
 */
export default function DiademView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => <Diadem d={d} />}
    </EjerRamme>
  );
}

/** The tab's lists; every form guards the tile's unsaved changes together with the others. */
function Diadem({ d }: { d: PlantDetalje }) {
  const vagt = useDelteVagter();
  return (
    <div className="rt-stak">
      <div className="rt-sektion">
        <PlantRecordListe d={d} kind={DIADEM_ANALYSEFREKVENS} vagt={vagt('analysefrekvens')} />
      </div>
      <div className="rt-sektion">
        <PlantRecordListe
          d={d}
          kind={DIADEM_ANLAEGSPAABUD}
          vagt={vagt('anlaegspaabud')}
          tilbehoer={(r) => (
            <Dispensationer
              d={d}
              kind={DIADEM_ANLAEGSPAABUD_DISPENSATION}
              paabud={r}
              vagt={vagt('anlaegspaabud-dispensation')}
            />
          )}
        />
      </div>
      <div className="rt-sektion">
        <PlantRecordListe
          d={d}
          kind={DIADEM_BORINGSPAABUD}
          vagt={vagt('boringspaabud')}
          tilbehoer={(r) => (
            <Dispensationer
              d={d}
              kind={DIADEM_BORINGSPAABUD_DISPENSATION}
              paabud={r}
              vagt={vagt('boringspaabud-dispensation')}
            />
          )}
        />
      </div>
      <Stoffer plantId={d.plant.id} />
    </div>
  );
}
