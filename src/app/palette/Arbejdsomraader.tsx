import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import {
  ARBEJDSOMRAADE_NAVN_MAKS,
  type Arbejdsomraade,
  arbejdsomraadeLink,
} from '../../contract/arbejdsomraader';
import { fejlTekst } from '../lib/http-fejl';
import {
  gemArbejdsomraadeNu,
  opretArbejdsomraadeNu,
  sletArbejdsomraadeNu,
  useArbejdsomraader,
} from '../session/arbejdsomraader';
import { useSession } from '../session/useSession';
import { Button } from '../ui/Button';
import { ConfirmModal } from '../ui/ConfirmModal';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/toast';
import { aabnArbejdsomraade, aktueltLayout } from '../workspace/arbejdsomraader';
import type { Command } from '../workspace/kommando';

/**
 * Named workspaces in the palette (issue 34): 'Gem arbejdsområde …' saves the open layout under a
 * name (a dialog asks for it), and each saved workspace has its commands: open it ('Arbejdsområde:
 * Morgenvalidering'), save the open layout in it, rename, delete, make it the start layout, copy its
 * link. The dialogs are mounted with the palette; every step works from the keyboard.
 */
export const ARBEJDSOMRAADE_GRUPPE = 'Navngivne arbejdsområder';

type Dialog =
  | { art: 'gem' }
  | { art: 'omdoeb'; a: Arbejdsomraade }
  | { art: 'slet'; a: Arbejdsomraade }
  | null;

let dialog: Dialog = null;
const listeners = new Set<() => void>();
const setDialog = (next: Dialog) => {
  dialog = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const useDialog = () => useSyncExternalStore(subscribe, () => dialog);

/** Opens the name dialog of 'Gem arbejdsområde …' (also from home). */
export const gemArbejdsomraadeDialog = () => setDialog({ art: 'gem' });

/** The full link of a workspace, to copy (the address opens it for its owner after sign-in). */
export const fuldtLink = (a: Pick<Arbejdsomraade, 'id'>) =>
  `${window.location.origin}${arbejdsomraadeLink(a.id)}`;

async function kopierLink(a: Arbejdsomraade): Promise<void> {
  const link = fuldtLink(a);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(`Linket til '${a.navn}' er kopieret`);
  } catch {
    // No clipboard (a page served over plain http): the link is shown to copy by hand.
    toast.info(`Linket til '${a.navn}': ${link}`, { duration: 15_000 });
  }
}

/** Moves the start mark to a workspace, or takes it away. */
export async function skiftStart(kundeId: number, a: Arbejdsomraade): Promise<void> {
  try {
    await gemArbejdsomraadeNu(kundeId, a, { start: !a.start });
    toast.success(
      a.start
        ? `'${a.navn}' er ikke længere dit startarbejdsområde`
        : `'${a.navn}' åbner nu, når du logger ind`,
    );
  } catch (err) {
    toast.error(fejlTekst(err, { kilder: ['felter', 'message', 'title'] }));
  }
}

async function gemLayoutI(kundeId: number, a: Arbejdsomraade): Promise<void> {
  try {
    await gemArbejdsomraadeNu(kundeId, a, { layout: aktueltLayout() });
    toast.success(`Det åbne layout er gemt i '${a.navn}'`);
  } catch (err) {
    toast.error(fejlTekst(err, { kilder: ['felter', 'message', 'title'] }));
  }
}

/** The palette's commands for named workspaces: save the open layout, and each saved one's. */
export function arbejdsomraadeKommandoer(kundeId: number, liste: readonly Arbejdsomraade[]): Command[] {
  const cmd = (c: Omit<Command, 'layer' | 'group'>): Command => ({
    layer: 'global',
    group: ARBEJDSOMRAADE_GRUPPE,
    ...c,
  });
  return [
    cmd({
      id: 'arbejdsomraade:gem',
      label: 'Gem arbejdsområde …',
      keywords: ['gem', 'layout', 'navngiv', 'felter', 'arbejdsområder'],
      run: gemArbejdsomraadeDialog,
    }),
    ...liste.flatMap((a) => [
      cmd({
        id: `arbejdsomraade:aabn:${a.id}`,
        label: `Arbejdsområde: ${a.navn}`,
        keywords: ['åbn', 'layout', ...(a.start ? ['start'] : [])],
        run: () => void aabnArbejdsomraade(a),
      }),
      cmd({
        id: `arbejdsomraade:opdater:${a.id}`,
        label: `Gem det åbne layout i arbejdsområde: ${a.navn}`,
        keywords: ['opdatér', 'overskriv', 'layout'],
        run: () => void gemLayoutI(kundeId, a),
      }),
      cmd({
        id: `arbejdsomraade:omdoeb:${a.id}`,
        label: `Omdøb arbejdsområde: ${a.navn} …`,
        keywords: ['navn', 'omdøb'],
        run: () => setDialog({ art: 'omdoeb', a }),
      }),
      cmd({
        id: `arbejdsomraade:slet:${a.id}`,
        label: `Slet arbejdsområde: ${a.navn} …`,
        keywords: ['slet', 'fjern'],
        run: () => setDialog({ art: 'slet', a }),
      }),
      cmd({
        id: `arbejdsomraade:start:${a.id}`,
        label: a.start ? `Fjern som startarbejdsområde: ${a.navn}` : `Brug som startarbejdsområde: ${a.navn}`,
        keywords: ['start', 'log ind', 'standard'],
        run: () => void skiftStart(kundeId, a),
      }),
      cmd({
        id: `arbejdsomraade:link:${a.id}`,
        label: `Kopiér link til arbejdsområde: ${a.navn}`,
        keywords: ['link', 'del', 'adresse', 'url'],
        run: () => void kopierLink(a),
      }),
    ]),
  ];
}

/** The palette's commands for the signed-in user's named workspaces (fetched once, then cached). */
export function useArbejdsomraadeKommandoer(): Command[] {
  const { user } = useSession();
  const kundeId = user?.customerId ?? 0;
  const { data } = useArbejdsomraader(kundeId);
  return arbejdsomraadeKommandoer(kundeId, data ?? []);
}

/** The name dialog (save, rename) and the delete question, mounted with the palette. */
export function ArbejdsomraadeDialoger() {
  const d = useDialog();
  const { user } = useSession();
  const kundeId = user?.customerId ?? 0;
  if (!d) return null;
  if (d.art === 'slet') {
    return (
      <ConfirmModal
        open
        title="Slet arbejdsområde"
        message={`Arbejdsområdet '${d.a.navn}' slettes. De sider, det viser, ændres ikke.`}
        confirmLabel="Slet"
        confirmColor="danger"
        fokus="bekraeft"
        testId="arbejdsomraade-slet"
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          sletArbejdsomraadeNu(kundeId, d.a)
            .then(() => toast.success(`Arbejdsområdet '${d.a.navn}' er slettet`))
            .catch((err: unknown) => toast.error(fejlTekst(err)));
        }}
      />
    );
  }
  return (
    <NavnDialog
      key={d.art === 'omdoeb' ? `o${d.a.id}` : 'gem'}
      kundeId={kundeId}
      omdoeb={d.art === 'omdoeb' ? d.a : null}
    />
  );
}

function NavnDialog({ kundeId, omdoeb }: { kundeId: number; omdoeb: Arbejdsomraade | null }) {
  const id = useId();
  const [navn, setNavn] = useState(omdoeb?.navn ?? '');
  const [start, setStart] = useState(false);
  const [fejl, setFejl] = useState<string | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const luk = () => setDialog(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const renset = navn.trim();
    if (!renset) {
      setFejl('Navnet er påkrævet');
      return;
    }
    setGemmer(true);
    try {
      if (omdoeb) {
        await gemArbejdsomraadeNu(kundeId, omdoeb, { navn: renset });
        toast.success(`Arbejdsområdet hedder nu '${renset}'`);
      } else {
        await opretArbejdsomraadeNu(kundeId, { navn: renset, layout: aktueltLayout(), start });
        toast.success(`Arbejdsområdet '${renset}' er gemt`);
      }
      luk();
    } catch (err) {
      setFejl(fejlTekst(err, { kilder: ['felter', 'message', 'title'], udenSvar: true }));
      setGemmer(false);
    }
  };

  const formId = `${id}-form`;
  const fejlId = `${id}-fejl`;
  return (
    <Modal
      open
      title={omdoeb ? `Omdøb arbejdsområde '${omdoeb.navn}'` : 'Gem arbejdsområde'}
      onClose={luk}
      size="small"
      testId="arbejdsomraade-navn"
      footer={
        <>
          <Button color="secondary" onClick={luk}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={gemmer} loadingText="Gemmer …">
            {omdoeb ? 'Omdøb' : 'Gem'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {!omdoeb && (
          <p className="muted small">
            Felterne, deres sider og størrelser, det valgte felt og rapporternes filtre gemmes under navnet.
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-navn`}>Navn</label>
          <input
            id={`${id}-navn`}
            className={`input${fejl ? ' invalid' : ''}`}
            value={navn}
            maxLength={ARBEJDSOMRAADE_NAVN_MAKS}
            data-autofocus
            aria-invalid={!!fejl}
            aria-describedby={fejl ? fejlId : undefined}
            onChange={(e) => {
              setNavn(e.target.value);
              setFejl(null);
            }}
          />
          {fejl && (
            <div id={fejlId} className="field-error" role="alert">
              {fejl}
            </div>
          )}
        </div>
        {!omdoeb && (
          <label className="check">
            <input type="checkbox" checked={start} onChange={(e) => setStart(e.target.checked)} />
            Åbn dette arbejdsområde, når jeg logger ind
          </label>
        )}
      </form>
    </Modal>
  );
}
