import { useState } from 'react';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/form/inputs';
import { Modal } from '../../ui/Modal';
import { navnFejl } from './visninger';

/** Names the view to save (Enter saves); a name in use for this report replaces that view. */
export function VisningModal({
  brugte,
  onClose,
  onGem,
}: {
  /** The report's saved views' names. */
  brugte: readonly string[];
  onClose(): void;
  onGem(navn: string): void;
}) {
  const [navn, setNavn] = useState('');
  const [vist, setVist] = useState(false);
  const fejl = navnFejl(navn);
  const erstatter = brugte.find((b) => b.toLowerCase() === navn.trim().toLowerCase());
  const gem = () => {
    setVist(true);
    if (!fejl) onGem(navn.trim());
  };
  return (
    <Modal
      open
      title="Gem visning"
      onClose={onClose}
      size="small"
      testId="rapport-visning-modal"
      footer={
        <>
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button onClick={gem}>{erstatter ? 'Erstat visning' : 'Gem visning'}</Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          gem();
        }}
      >
        <TextInput
          name="navn"
          label="Navn"
          required
          value={navn}
          onChange={setNavn}
          maxLength={80}
          error={vist ? fejl : null}
          hint={erstatter ? `Erstatter din visning '${erstatter}'` : 'Kolonner, filtre og sortering gemmes.'}
        />
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Modal>
  );
}
