import { createContext } from 'react';

/**
 * Where a versioned form tells that it holds unsaved edits (presence, issue 34 part 3): `formId`
 * names the form, `dirty` whether it holds edits now. A record's frame provides it and tells the
 * others watching the record ('Anne Larsen redigerer stamoplysninger'); elsewhere there is none and
 * forms tell nobody. ui/ does no I/O: the frame's melder does it.
 */
export type RedigeringsMelder = (formId: string, dirty: boolean) => void;

export const RedigeringsNaervaer = createContext<RedigeringsMelder | null>(null);
