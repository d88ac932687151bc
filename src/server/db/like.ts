/** Escapes LIKE/ILIKE wildcards in user text, so '%' and '_' are matched literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The (I)LIKE pattern 'contains the text'. */
export const containsPattern = (s: string) => `%${likeEscape(s)}%`;
