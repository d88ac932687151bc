import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { focusableWithin } from '../focus';

export type FormErrors = Record<string, string>;

/** Zod issues as one message per field ('a.b' for nested paths); the last message wins (spec 000 §5). */
export function zodErrors(error: z.ZodError): FormErrors {
  const out: FormErrors = {};
  for (const issue of error.issues) out[issue.path.map(String).join('.') || 'form'] = issue.message;
  return out;
}

/** A 400 answer's problem details (`errors: { field: [messages] }`) as one message per field. */
export function problemErrors(body: unknown): FormErrors | null {
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const errors = (body as { errors: unknown }).errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: FormErrors = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages) && messages.length > 0) out[field] = String(messages[messages.length - 1]);
  }
  return out;
}

/**
 * Scrolls to the first field in error (in page order) and focuses its control (spec 001 §5). Fields
 * are found by their `data-felt` name. Returns the name, or null when none was found.
 */
export function focusFirstError(root: HTMLElement | null, errors: FormErrors): string | null {
  if (!root) return null;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-felt]'))) {
    const name = el.dataset.felt ?? '';
    if (!(name in errors)) continue;
    el.scrollIntoView?.({ block: 'center' });
    const control = focusableWithin(el).find((c) => !c.matches('a'));
    (control ?? el).focus();
    return name;
  }
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface FormApi<T extends Record<string, unknown>> {
  values: T;
  /** The saved values the form compares with (dirty = values differ from these). */
  base: T;
  errors: FormErrors;
  dirty: boolean;
  set<K extends keyof T & string>(name: K, value: T[K]): void;
  setErrors(errors: FormErrors): void;
  /** Back to the given values (or the last saved ones), errors cleared. */
  reset(next?: T): void;
  /** Replaces every value at once (a restored draft); the saved values stay, so the form is unsaved. */
  erstat(values: T): void;
  /** Checks with the schema; on failure shows the errors and focuses the first. Answers the parsed data or null. */
  validate(): unknown | null;
  /** Shows errors from the server (400 problem details) and focuses the first; answers whether there were any. */
  showServerErrors(body: unknown): boolean;
  ref: RefObject<HTMLFormElement | null>;
}

/** The record a form's values belong to, e.g. `virksomhed:42` or `tilsyn:ny@virksomhed:42`. */
export type FormIdentitet = string;

interface FormState<T> {
  identitet: FormIdentitet | undefined;
  base: T;
  values: T;
}

/**
 * Form state over a zod schema: values, per-field errors, dirty compared with the saved values, and
 * 'validate before save; on failure scroll to and focus the first field in error'.
 *
 * The values belong to one record identity. When `identitet` changes (the tile moved to another
 * record) the form starts again from that record's `initial` values in the same render, so no frame
 * ever shows, and no save ever sends, one record's values under another record's name.
 */
export function useForm<T extends Record<string, unknown>>(
  initial: T | (() => T),
  schema: z.ZodType,
  identitet?: FormIdentitet,
): FormApi<T> {
  const start = (): FormState<T> => {
    const v = typeof initial === 'function' ? (initial as () => T)() : initial;
    return { identitet, base: v, values: v };
  };
  const [state, setState] = useState<FormState<T>>(start);
  const [errors, setErrorsState] = useState<FormErrors>({});
  let current = state;
  if (state.identitet !== identitet) {
    // Adjusting state while rendering: React renders again at once, before anything is painted.
    current = start();
    setState(current);
    setErrorsState({});
  }
  const { values, base } = current;
  const ref = useRef<HTMLFormElement | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setState((s) => ({ ...s, values: { ...s.values, [name]: value } }));
    // A changed field no longer shows its old complaint.
    setErrorsState((e) => {
      if (!(name in e)) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback((next?: T) => {
    setState((s) => {
      const target = next ?? s.base;
      const values = same(s.values, target) ? s.values : target;
      return next ? { ...s, base: next, values } : values === s.values ? s : { ...s, values };
    });
    setErrorsState({});
  }, []);

  const erstat = useCallback((next: T) => {
    setState((s) => ({ ...s, values: next }));
    setErrorsState({});
  }, []);

  const setErrors = useCallback((e: FormErrors) => {
    setErrorsState(e);
    // Focus after React has drawn the messages.
    queueMicrotask(() => requestAnimationFrame(() => focusFirstError(ref.current, e)));
  }, []);

  const validate = useCallback(() => {
    const result = schema.safeParse(valuesRef.current);
    if (result.success) {
      setErrorsState({});
      return result.data;
    }
    const e = zodErrors(result.error);
    setErrorsState(e);
    focusFirstError(ref.current, e);
    return null;
  }, [schema]);

  const showServerErrors = useCallback(
    (body: unknown) => {
      const e = problemErrors(body);
      if (!e || Object.keys(e).length === 0) return false;
      setErrors(e);
      return true;
    },
    [setErrors],
  );

  const dirty = useMemo(() => !same(values, base), [values, base]);
  return { values, base, errors, dirty, set, setErrors, reset, erstat, validate, showServerErrors, ref };
}
