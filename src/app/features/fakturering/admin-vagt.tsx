import { useCallback, useRef } from 'react';
import { UNSAVED_CHANGES_TEXT } from '../../../../machines/unsaved-changes';
import type { Vagt } from '../../records/vagt';
import { useConfirm } from '../../ui/ConfirmModal';

/**
 * A form whose record is chosen inside the view (a settlement year, a follow-up row), not by the
 * address: the tile's guard does not see that choice, so moving to another record while the form
 * holds changes asks first, in the words of the tile's guard. `formVagt` is the form's guard (it
 * also tells the tile); `skift` runs a change of record once the user agrees.
 */
export function useSkiftVagt(vagt: Vagt) {
  const dirty = useRef(false);
  const { confirm, confirmModal } = useConfirm();
  const formVagt = useCallback<Vagt>(
    (d, reset) => {
      dirty.current = d;
      vagt(d, reset);
    },
    [vagt],
  );
  const skift = useCallback(
    async (handling: () => void) => {
      if (
        dirty.current &&
        !(await confirm({
          title: UNSAVED_CHANGES_TEXT.title,
          message: UNSAVED_CHANGES_TEXT.body,
          confirmLabel: UNSAVED_CHANGES_TEXT.proceed,
          cancelLabel: UNSAVED_CHANGES_TEXT.stay,
        }))
      )
        return;
      handling();
    },
    [confirm],
  );
  return { formVagt, skift, confirmModal };
}
