import { formatTal } from '../../contract/format';

/** A file size as the lists show it (B, kB or MB, Danish numbers). */
export const filStoerrelse = (b: number) =>
  b < 1024
    ? `${b} B`
    : b < 1024 * 1024
      ? `${formatTal(b / 1024, 0)} kB`
      : `${formatTal(b / 1024 / 1024, 1)} MB`;

/** Saves a blob as a file through a temporary link (a downloaded letter, template, export or attachment). */
export function gemSomFil(blob: Blob, filnavn: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filnavn;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
