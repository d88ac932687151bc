import type { ReactNode } from 'react';
import './form.css';

/** Report marks (spec 000 §5): D to DMA, J to or from Jupiter, S to SAT. */
export type ReportMark = 'D' | 'J' | 'S';

export function reportMarkTitle(mark: ReportMark, jupiterShowOnly = false): string {
  if (mark === 'D') return 'Indberettes til DMA';
  if (mark === 'S') return 'Indberettes til SAT';
  return jupiterShowOnly ? 'Hentes fra Jupiter' : 'Indberettes til Jupiter';
}

export function ReportMarks({
  marks,
  jupiterShowOnly,
}: {
  marks?: readonly ReportMark[];
  jupiterShowOnly?: boolean;
}) {
  if (!marks || marks.length === 0) return null;
  return (
    <span className="report-marks">
      {marks.map((m) => {
        const title = reportMarkTitle(m, jupiterShowOnly);
        return (
          <span key={m} className={`report-mark report-mark-${m}`} title={title} data-mark={m}>
            <span aria-hidden="true">{m}</span>
            <span className="visually-hidden">{title}</span>
          </span>
        );
      })}
    </span>
  );
}

/** What every field widget takes besides its value. */
export interface FieldBaseProps {
  /** The form's name of the field: errors, focus and tests find the field by it. */
  name: string;
  label: ReactNode;
  required?: boolean;
  /** The message shown under the field (danger style). */
  error?: string | null;
  marks?: readonly ReportMark[];
  /** J reads 'Hentes fra Jupiter' instead of 'Indberettes til Jupiter'. */
  jupiterShowOnly?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
  /** Spans the whole row of a form grid. */
  wide?: boolean;
}

export const errorId = (id: string) => `${id}-fejl`;

/**
 * The frame of one field: label (with the required asterisk), report marks, the control, an optional
 * 'length/max' counter and the error under it. The control gets `id` and describes itself by the error.
 */
export function Field({
  id,
  name,
  label,
  required,
  error,
  marks,
  jupiterShowOnly,
  hint,
  className,
  wide,
  counter,
  labelAs = 'label',
  children,
}: FieldBaseProps & {
  id: string;
  counter?: ReactNode;
  /** A group of controls (radio group, check list) is labelled by a legend instead. */
  labelAs?: 'label' | 'legend';
  children: ReactNode;
}) {
  const labelContent = (
    <>
      {label}
      {required && (
        <span className="form-required" aria-hidden="true">
          *
        </span>
      )}
    </>
  );
  const classes = ['form-field', error ? 'has-error' : '', wide ? 'wide' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const head = (
    <span className="form-field-head">
      {labelAs === 'label' ? (
        <label htmlFor={id} className="form-label">
          {labelContent}
        </label>
      ) : (
        <span className="form-label" id={`${id}-label`}>
          {labelContent}
        </span>
      )}
      <ReportMarks marks={marks} jupiterShowOnly={jupiterShowOnly} />
      {counter !== undefined && <span className="form-counter">{counter}</span>}
    </span>
  );
  return (
    <div className={classes} data-felt={name}>
      {head}
      {children}
      {hint && !error && <span className="form-hint">{hint}</span>}
      {error && (
        <span className="form-error" id={errorId(id)}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The aria attributes a control in a Field carries. */
export function controlAria(id: string, p: Pick<FieldBaseProps, 'required' | 'error'>) {
  return {
    'aria-invalid': p.error ? true : undefined,
    'aria-required': p.required ? true : undefined,
    'aria-describedby': p.error ? errorId(id) : undefined,
  } as const;
}
