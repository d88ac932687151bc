import { type FormEvent, useId, useRef, useState } from 'react';
import { type BrugerSettings, defaultBrugerSettings } from '../../contract/session';
import type { PlanlaegningPanel, SidePanel } from '../session/panels';
import { useShellSession } from '../session/session-context';
import { useSaveBrugerSettings, useSaveKundeSettings } from '../session/settings-save';
import { Button, SpinnerButton } from '../ui/Button';
import { Collapsible } from '../ui/Collapsible';
import { useConfirm } from '../ui/ConfirmModal';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/toast';
import {
  AAR_MAX,
  AAR_MIN,
  aarFejl,
  draftFromSettings,
  type SettingsDraft,
  settingsFromDraft,
} from './settings-form';
import { closeSettingsModal, useSettingsModalOpen } from './settings-modal-store';

const SIDE_PANEL_CHOICES: { value: SidePanel | null; label: string }[] = [
  { value: 'timeline', label: 'Tidslinje' },
  { value: 'logs', label: 'Logbog' },
  { value: 'adHocOpgaver', label: 'Ad hoc-opgaver' },
  { value: null, label: 'Intet panel' },
];
const PLANLAEGNING_CHOICES: { value: PlanlaegningPanel | null; label: string }[] = [
  { value: 'graphs', label: 'Grafer' },
  { value: 'userInfo', label: 'Brugeroplysninger' },
  { value: null, label: 'Ingen af dem' },
];

/** One of the modal's radio groups: a choice among fixed values, `null` being one of them. */
function RadioValg<V>(props: {
  legend: string;
  name: string;
  choices: { value: V | null; label: string }[];
  value: V | null;
  onChange(value: V | null): void;
}) {
  return (
    <fieldset className="radio-group">
      <legend>{props.legend}</legend>
      {props.choices.map((c) => (
        <label key={c.label} className="check">
          <input
            type="radio"
            name={props.name}
            checked={props.value === c.value}
            onChange={() => props.onChange(c.value)}
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The settings modal (spec 000 §2.4), opened from the user menu. */
export function SettingsModal() {
  const open = useSettingsModalOpen();
  const { signedIn } = useShellSession();
  if (!open || !signedIn) return null;
  return <SettingsDialog />;
}

function SettingsDialog() {
  const { user, ressourcer, brugerSettings, kundeSettings } = useShellSession();
  const settings: BrugerSettings = brugerSettings ?? defaultBrugerSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings));
  const [showAarFejl, setShowAarFejl] = useState(false);
  const [busy, setBusy] = useState<'save' | 'reset' | 'favorites' | null>(null);
  const saveBruger = useSaveBrugerSettings();
  const saveKunde = useSaveKundeSettings();
  const { confirm, confirmModal } = useConfirm();
  const aarRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const formId = `${id}-form`;
  const aarFejlId = `${id}-aar-fejl`;

  const fejl = aarFejl(draft.oversigtOverIndberetningerAar);
  const update = (change: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...change }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (fejl) {
      setShowAarFejl(true);
      aarRef.current?.focus();
      return;
    }
    setBusy('save');
    try {
      await saveBruger(settingsFromDraft(settings, draft));
      toast.success('Indstillingerne er gemt');
      closeSettingsModal();
    } catch {
      // The error modal tells why; the form stays open with the user's choices.
    } finally {
      setBusy(null);
    }
  };

  const resetSettings = async () => {
    const sure = await confirm({
      message: 'Alle dine indstillinger sættes tilbage til standard, også dine tabelindstillinger.',
    });
    if (!sure) return;
    // The active customer is not a preference: it stays.
    const next = { ...defaultBrugerSettings(), activeKundeId: settings.activeKundeId };
    setBusy('reset');
    try {
      await saveBruger(next);
      setDraft(draftFromSettings(next));
      setShowAarFejl(false);
      toast.success('Indstillingerne er nulstillet');
    } catch {
      // Shown by the error modal.
    } finally {
      setBusy(null);
    }
  };

  const resetFavorites = async () => {
    const sure = await confirm({ message: 'Alle dine favoritter i denne kommune fjernes.' });
    if (!sure) return;
    setBusy('favorites');
    try {
      await saveKunde({ ...(kundeSettings ?? {}), favorites: [] });
      toast.success('Favoritterne er nulstillet');
    } catch {
      // Shown by the error modal.
    } finally {
      setBusy(null);
    }
  };

  const tabeller = settings.mwTablesUserSettings.length;
  return (
    <Modal
      open
      title="Indstillinger"
      onClose={closeSettingsModal}
      size="medium"
      testId="settings-modal"
      footer={
        <>
          <Button color="secondary" onClick={closeSettingsModal}>
            Annuller
          </Button>
          <SpinnerButton type="submit" form={formId} loading={busy === 'save'} loadingText="Gemmer …">
            Gem
          </SpinnerButton>
        </>
      }
    >
      <form id={formId} className="settings-form" onSubmit={onSubmit} noValidate>
        <RadioValg
          legend="Sidepanel på virksomheder og vandanlæg"
          name={`${id}-side`}
          choices={SIDE_PANEL_CHOICES}
          value={draft.sidePanel}
          onChange={(sidePanel) => update({ sidePanel })}
        />
        <RadioValg
          legend="Vis i planlægning"
          name={`${id}-planlaegning`}
          choices={PLANLAEGNING_CHOICES}
          value={draft.planlaegningPanel}
          onChange={(planlaegningPanel) => update({ planlaegningPanel })}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={draft.visFavoritAdresser}
            onChange={(e) => update({ visFavoritAdresser: e.target.checked })}
          />
          Vis adresser under favoritter
        </label>
        <div className="field">
          <label htmlFor={`${id}-aar`}>År i oversigt over indberetninger</label>
          <input
            ref={aarRef}
            id={`${id}-aar`}
            className={`input narrow${showAarFejl && fejl ? ' invalid' : ''}`}
            type="number"
            inputMode="numeric"
            min={AAR_MIN}
            max={AAR_MAX}
            step={1}
            value={draft.oversigtOverIndberetningerAar}
            aria-invalid={showAarFejl && !!fejl}
            aria-describedby={showAarFejl && fejl ? aarFejlId : undefined}
            onChange={(e) => {
              update({ oversigtOverIndberetningerAar: e.target.value });
              setShowAarFejl(true);
            }}
          />
          {showAarFejl && fejl && (
            <div id={aarFejlId} className="field-error">
              {fejl}
            </div>
          )}
        </div>
        <p className="muted small">
          {tabeller === 0
            ? 'Ingen gemte tabelindstillinger.'
            : `Gemte tabelindstillinger for ${tabeller} ${tabeller === 1 ? 'tabel' : 'tabeller'}.`}
        </p>
        <div className="settings-resets">
          <Button
            color="secondary"
            loading={busy === 'reset'}
            loadingText="Nulstiller …"
            onClick={resetSettings}
          >
            Nulstil indstillinger
          </Button>
          <Button
            color="secondary"
            loading={busy === 'favorites'}
            loadingText="Nulstiller …"
            onClick={resetFavorites}
          >
            Nulstil favoritter
          </Button>
        </div>
        {ressourcer.has('SYSTEM_ADMIN') && user && (
          <Collapsible title="Avancerede indstillinger" className="settings-advanced">
            <dl className="facts">
              <dt>Bruger-id</dt>
              <dd data-testid="settings-user-id">{user.userId}</dd>
            </dl>
            <label className="field">
              <span>Brugerdata</span>
              <textarea className="input code" readOnly rows={8} value={JSON.stringify(user, null, 2)} />
            </label>
            <label className="field">
              <span>Indstillinger</span>
              <textarea
                className="input code"
                readOnly
                rows={10}
                value={JSON.stringify({ brugerSettings: settings, kundeSettings }, null, 2)}
              />
            </label>
          </Collapsible>
        )}
      </form>
      {confirmModal}
    </Modal>
  );
}
