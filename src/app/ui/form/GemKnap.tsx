import { Save } from 'lucide-react';
import { medGenvej } from '../../lib/keyboard';
import { SpinnerButton } from '../Button';

/**
 * A form's save button: submits the form, says 'Gemmer …' while it saves, and names its shortcut
 * (Ctrl/Cmd+S unless the form has another) in its title.
 */
export function GemKnap(p: { busy: boolean; label?: string; genvej?: string; disabled?: boolean }) {
  const label = p.label ?? 'Gem';
  return (
    <SpinnerButton
      type="submit"
      loading={p.busy}
      loadingText="Gemmer …"
      disabled={p.disabled}
      title={medGenvej(label, p.genvej ?? 'mod+s')}
    >
      <Save size={14} aria-hidden="true" />
      {label}
    </SpinnerButton>
  );
}
