import { sql } from 'drizzle-orm';

/**
 * The next version of a changed row, from the one sequence behind every version column (see
 * `recordVersion` in schema.ts): versions never repeat across records, so a stale or misrouted body
 * always answers 409.
 */
export const naesteVersion = sql`nextval('record_version')`;
