import { FRIST_STATUS_TEKST } from '../../../contract/frister';
import type { FristStatus } from '../../../contract/frister-regler';

/** A deadline's status in words and colour (never colour alone): Overskredet, Snart, Senere, Opfyldt. */
export function FristStatusMaerke({ status, opfyldt }: { status: FristStatus; opfyldt: boolean }) {
  if (opfyldt) return <span className="frist-maerke frist-opfyldt">Opfyldt</span>;
  const klasse = status === 'god tid' ? 'senere' : status;
  return <span className={`frist-maerke frist-${klasse}`}>{FRIST_STATUS_TEKST[status]}</span>;
}
