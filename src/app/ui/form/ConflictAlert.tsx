import { RotateCcw } from 'lucide-react';
import { Button } from '../Button';

/**
 * A save refused with 409: someone else changed the record. The form keeps the user's input; this
 * says so and offers to reload the newest version (which drops the user's changes).
 */
export function ConflictAlert({ message, onReload }: { message: string | null; onReload(): void }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <span>{message}</span>
      <Button size="small" color="secondary" onClick={onReload}>
        <RotateCcw size={13} aria-hidden="true" />
        Genindlæs
      </Button>
    </div>
  );
}
