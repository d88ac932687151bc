/** Query keys of the document templates screen (the domain first). */
export const dokumentKeys = {
  skabeloner: (kundeId: number) => ['dokumenter', kundeId, 'skabeloner'] as const,
};
