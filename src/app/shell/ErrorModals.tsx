import { useEffect } from 'react';
import { errorStore, useCurrentFailure } from '../lib/error-store';
import type { HttpFailure } from '../lib/http';
import { useLocation } from '../lib/navigation';
import { useShellSession } from '../session/session-context';
import { Button } from '../ui/Button';
import { Collapsible } from '../ui/Collapsible';
import { Modal } from '../ui/Modal';
import { type ErrorDetails, errorModalContent, errorModalSuppressed } from './error-content';

export { errorModalContent } from './error-content';

/** A stable key per failure, so each failure gets a fresh modal (collapsed sections reset). */
const keys = new WeakMap<HttpFailure, number>();
let nextKey = 1;
const keyOf = (failure: HttpFailure) => {
  let key = keys.get(failure);
  if (key === undefined) {
    key = nextKey++;
    keys.set(failure, key);
  }
  return key;
};

/**
 * The http error modal and the forbidden modal (spec 000 §8), one failure at a time from the error
 * store. On the login routes failures are dropped instead of shown.
 */
export function ErrorModals() {
  const failure = useCurrentFailure();
  const location = useLocation();
  const { ressourcer } = useShellSession();
  const suppressed = errorModalSuppressed(location);

  useEffect(() => {
    if (suppressed && failure) errorStore.clear();
  }, [suppressed, failure]);

  if (!failure || suppressed) return null;
  const content = errorModalContent(failure, { isSystemAdmin: ressourcer.has('SYSTEM_ADMIN') });
  const close = () => errorStore.dismiss();
  const footer = (
    <Button onClick={close} data-autofocus>
      OK
    </Button>
  );

  const forbidden = content.kind === 'forbidden';
  return (
    <Modal
      key={keyOf(failure)}
      open
      title={content.title}
      onClose={close}
      testId={forbidden ? 'forbidden-modal' : 'error-modal'}
      className={forbidden ? undefined : 'error-modal'}
      footer={footer}
    >
      {content.kind === 'forbidden' ? (
        content.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed for the modal's life and may repeat
          <p key={i} className="forbidden-line">
            {line}
          </p>
        ))
      ) : (
        <>
          <p className="error-text">{content.text}</p>
          {content.details && <AdminDetails details={content.details} />}
        </>
      )}
    </Modal>
  );
}

function AdminDetails({ details }: { details: ErrorDetails }) {
  return (
    <div className="error-details">
      {details.problem && (
        <div className="error-problem">
          <strong>{details.problem.title}</strong>
          <pre>{JSON.stringify(details.problem.errors, null, 2)}</pre>
        </div>
      )}
      {details.message && (
        <Collapsible title="Vis message/detail" defaultOpen={!details.message.collapsed}>
          <pre>{details.message.text}</pre>
        </Collapsible>
      )}
      {details.stackTrace && (
        <Collapsible title="Vis stacktrace">
          <pre>{details.stackTrace}</pre>
        </Collapsible>
      )}
    </div>
  );
}
