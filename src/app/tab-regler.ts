import { tabRegler as fakturering } from './features/fakturering/views';
import { tabRegler as virksomhed } from './features/virksomhed/views';
import type { TabRegler } from './routes/tabs';

/**
 * The tab rules the features declare (which of their tabs a record's facts hide or disable), in one
 * table for the tab bar, the palette's tab commands and the tab shortcuts. The workspace reads no
 * domain flag itself: ./WorkspaceRoot.tsx hands this table to it (workspace/visninger.ts).
 */
export const TAB_REGLER = { ...virksomhed, ...fakturering } satisfies TabRegler;
