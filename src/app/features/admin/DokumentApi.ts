import { formatTal } from '../../../contract/format';

/** Query keys of the document templates screen (the domain first). */
export const dokumentKeys = {
  skabeloner: (kundeId: number) => ['dokumenter', kundeId, 'skabeloner'] as const,
};

/** A file size as the lists show it (kB / MB, Danish numbers). */
export const filStoerrelse = (b: number) =>
  b < 1024
    ? `${b} B`
    : b < 1024 * 1024
      ? `${formatTal(b / 1024, 0)} kB`
      : `${formatTal(b / 1024 / 1024, 1)} MB`;

/** Saves a blob as a file through a temporary link (src/app/lib/gem-fil.ts). */
export { gemSomFil } from '../../lib/gem-fil';
