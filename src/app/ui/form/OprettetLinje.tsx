import { formatDato } from '../../lib/dates';

/** Who made a record and when, and who changed it last: 'Oprettet 01-02-2026 af X · ændret af Y'. */
export function OprettetLinje({
  record,
}: {
  record: { oprettet: string; oprettetAf: string | null; version: number; opdateretAf: string | null };
}) {
  return (
    <span className="muted small">
      Oprettet {formatDato(record.oprettet)}
      {record.oprettetAf ? ` af ${record.oprettetAf}` : ''}
      {record.version > 1 && record.opdateretAf ? ` · ændret af ${record.opdateretAf}` : ''}
    </span>
  );
}
