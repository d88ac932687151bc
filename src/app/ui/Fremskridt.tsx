import { formatHeltal } from '../../contract/format';
import './fremskridt.css';

/**
 * A long job's progress (issue 32): a bar with role="progressbar" and its percent as aria-valuenow,
 * the job's title and 'x af y <enhed>' beside it. While the total is not known yet (0) the bar has
 * no value (an indeterminate progressbar) and says 'Starter …'.
 */
export function Fremskridt({
  titel,
  done,
  total,
  enhed,
}: {
  titel: string;
  done: number;
  total: number;
  /** What is counted ('virksomheder', 'fakturaer'). */
  enhed: string;
}) {
  const kendt = total > 0;
  const pct = kendt ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const tekst = kendt
    ? `${pct} % – ${formatHeltal(Math.min(done, total))} af ${formatHeltal(total)} ${enhed}`
    : 'Starter …';
  return (
    <div className="fremskridt">
      <div
        className="fremskridt-bar"
        role="progressbar"
        aria-label={titel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={kendt ? pct : undefined}
        aria-valuetext={tekst}
      >
        <span className="fremskridt-fyld" style={{ width: `${pct}%` }} />
      </div>
      <span className="fremskridt-tekst">
        {titel}: {tekst}
      </span>
    </div>
  );
}
