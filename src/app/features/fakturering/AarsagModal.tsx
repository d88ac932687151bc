import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, SpinnerButton } from '../../ui/Button';
import { TextArea } from '../../ui/form';
import { Modal } from '../../ui/Modal';

export const KREDIT_AARSAG_MANGLER = 'Angiv en årsag til krediteringen';

/**
 * Asks for a reason before an act on a batch (cancel: optional; credit: required, a Danish message
 * under the field when it is empty). Enter in the field makes a new line; Ctrl/Cmd+Enter confirms.
 */
export function AarsagModal(p: AarsagModalProps) {
  // A new opening starts with an empty field.
  return p.open ? <AarsagDialog {...p} /> : null;
}

interface AarsagModalProps {
  open: boolean;
  title: string;
  besked: ReactNode;
  kraevet: boolean;
  okTekst: string;
  arbejder: boolean;
  /** The server's refusal, shown above the buttons. */
  fejl: string | null;
  onOk(aarsag: string): void;
  onFortryd(): void;
}

function AarsagDialog({
  open,
  title,
  besked,
  kraevet,
  okTekst,
  arbejder,
  fejl,
  onOk,
  onFortryd,
}: AarsagModalProps) {
  const [aarsag, setAarsag] = useState('');
  const [feltFejl, setFeltFejl] = useState<string | null>(null);
  const luk = () => {
    setAarsag('');
    setFeltFejl(null);
    onFortryd();
  };
  const ok = (e?: FormEvent) => {
    e?.preventDefault();
    if (kraevet && aarsag.trim() === '') {
      setFeltFejl(KREDIT_AARSAG_MANGLER);
      return;
    }
    setFeltFejl(null);
    onOk(aarsag.trim());
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={luk}
      size="small"
      footer={
        <>
          <Button color="secondary" onClick={luk}>
            Fortryd
          </Button>
          <SpinnerButton color="danger" loading={arbejder} loadingText="Arbejder …" onClick={() => ok()}>
            {okTekst}
          </SpinnerButton>
        </>
      }
    >
      <form
        onSubmit={ok}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) ok(e);
        }}
        noValidate
      >
        <p>{besked}</p>
        <div>
          <TextArea
            name="aarsag"
            label={kraevet ? 'Årsag' : 'Årsag (valgfri)'}
            required={kraevet}
            value={aarsag}
            onChange={(v) => {
              setAarsag(v);
              if (feltFejl && v.trim()) setFeltFejl(null);
            }}
            maxLength={500}
            error={feltFejl}
          />
        </div>
        {fejl && (
          <p className="form-alert" role="alert">
            {fejl}
          </p>
        )}
      </form>
    </Modal>
  );
}
