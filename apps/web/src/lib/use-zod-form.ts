import { useRef, useState } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';
import { ApiError } from './api.ts';

type Errors = Record<string, string>;

/** The value at a dotted path inside `value` ('delivery.blockNumber'), or undefined. */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, part) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined),
      value,
    );

/**
 * Form state checked by the same zod schema the API uses. Errors are keyed by field path; the
 * server's field errors (extra_info.fields) land in the same place.
 */
export function useZodForm<S extends $ZodType>(schema: S, initial: input<S>) {
  const [values, setValues] = useState<input<S>>(initial);
  // The values as the last setField left them, so two calls before a render compare with each other.
  const latest = useRef(values);
  latest.current = values;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setField = <K extends keyof input<S>>(key: K, value: input<S>[K]) => {
    const before = (latest.current as Record<string, unknown>)[key as string];
    latest.current = { ...(latest.current as object), [key]: value } as input<S>;
    setValues((v) => ({ ...(v as object), [key]: value }) as input<S>);
    // The field's error goes, and the errors of the parts of it that changed (an address found by
    // its postal code fills block and street: their 'is required' goes with it).
    setErrors((e) => {
      const stale = Object.keys(e).filter(
        (path) =>
          path === key ||
          (path.startsWith(`${String(key)}.`) &&
            !Object.is(
              at(before, path.slice(String(key).length + 1)),
              at(value, path.slice(String(key).length + 1)),
            )),
      );
      if (!stale.length) return e;
      const rest = { ...e };
      for (const path of stale) delete rest[path];
      return rest;
    });
  };

  const validate = (): output<S> | null => {
    const r = safeParse(schema, values);
    if (r.success) {
      setErrors({});
      return r.data;
    }
    const next: Errors = {};
    for (const issue of r.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message;
    setErrors(next);
    return null;
  };

  /** Shows an API error: under its fields when it names them, above the form otherwise. */
  const showError = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
    else setFormError(err instanceof Error ? err.message : String(err));
  };

  const submit = (onValid: (data: output<S>) => unknown) => async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    setFormError(null);
    const data = validate();
    if (!data) {
      // Move focus to the first field in error so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await onValid(data);
    } catch (err) {
      showError(err);
    }
  };

  const fieldProps = <K extends keyof input<S> & string>(key: K) => ({
    name: key,
    value: (values[key] ?? '') as string,
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) =>
      setField(key, e.currentTarget.value as input<S>[K]),
  });

  return { values, setField, errors, formError, setFormError, submit, fieldProps, showError };
}
