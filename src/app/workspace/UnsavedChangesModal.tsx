import { UNSAVED_CHANGES_TEXT } from '../../../machines/unsaved-changes';
import { Modal } from '../ui/Modal';
import { useConfirmingTile } from './guards';

/** 'Ændringer i formularen' (spec 000 §4): Escape and the close icon count as staying. */
export function UnsavedChangesModal() {
  const confirming = useConfirmingTile();
  return (
    <Modal
      open={!!confirming}
      title={UNSAVED_CHANGES_TEXT.title}
      onClose={() => confirming?.stay()}
      size="small"
      testId="unsaved-changes-modal"
      footer={
        <>
          <button type="button" className="button" onClick={() => confirming?.stay()}>
            {UNSAVED_CHANGES_TEXT.stay}
          </button>
          <button type="button" className="button danger" onClick={() => confirming?.proceed()}>
            {UNSAVED_CHANGES_TEXT.proceed}
          </button>
        </>
      }
    >
      <p>{UNSAVED_CHANGES_TEXT.body}</p>
    </Modal>
  );
}
