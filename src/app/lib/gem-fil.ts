/** Saves a blob as a file through a temporary link (the link's address is freed after 10 s). */
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
