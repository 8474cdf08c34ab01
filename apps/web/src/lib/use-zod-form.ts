import { useRef, useState } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';
import { ApiError } from './api.ts';
import { tm } from './i18n.ts';

/**
 * A field while the form is being filled in, from what the schema accepts for it: a box the schema
 * wants ticked may still be unticked, and a choice from a list (an enumeration, a number) may not be
 * made yet (undefined, where the schema has no null of its own for it). Free text, and parts made of
 * fields (an address), stay as the schema takes them.
 */
export type FieldValue<V> = [V] extends [boolean]
  ? boolean
  : string extends V
    ? V
    : null extends V
      ? V
      : undefined extends V
        ? V
        : [V] extends [object]
          ? V
          : V | undefined;

/** The values of a form on the schema whose input is T; the schema decides on submit what is missing. */
export type FormValues<T> = { [K in keyof T]: FieldValue<T[K]> };

type Leaf = string | number | boolean | bigint | symbol | null | undefined;

/** Every field of T by its dotted path ('delivery.postalCode', 'lines.0.msisdn'), as zod's issues name them. */
export type FieldPath<T> = T extends Leaf
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${FieldPath<E>}`
    : { [K in keyof T & string]: K | `${K}.${FieldPath<NonNullable<T[K]>>}` }[keyof T & string];

/** The problems shown, under the field they name; 'form' for one that names none. */
export type FormErrors<T> = { readonly [P in FieldPath<T> | 'form']?: string };

/** The fields a text input can hold: those whose value may be any string. */
export type TextField<T> = Extract<
  { [K in keyof T & string]-?: string extends T[K] ? K : never }[keyof T & string],
  keyof T
>;

/**
 * The option a select, radio group or segmented control's string value stands for, typed as the
 * options are; undefined when it is none of them (a select cleared).
 */
export const choiceOf = <T extends string | number>(
  options: readonly T[],
  value: string | null,
): T | undefined => options.find((o) => String(o) === value);

/** The value at a dotted path inside `value` ('delivery.blockNumber'), or undefined. */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, part) => (v !== null && typeof v === 'object' ? Reflect.get(v, part) : undefined),
      value,
    );

/**
 * Form state checked by the same zod schema the API uses. Field names, their values and the paths of
 * their problems all come from the schema's input type, so a call site needs no casts. Problems are
 * keyed by field path; the server's field errors (extra_info.fields) land in the same place.
 */
export function useZodForm<S extends $ZodType>(schema: S, initial: FormValues<input<S>>) {
  type Values = FormValues<input<S>>;
  const [values, setValues] = useState<Values>(initial);
  // The values as the last setField left them, so two calls before a render compare with each other.
  const latest = useRef(values);
  latest.current = values;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The types are the exported setField's and fieldProps': here a field is any key of the values.
  const put = (key: string, value: unknown) => {
    const before = at(latest.current, key);
    latest.current = { ...latest.current, [key]: value };
    setValues((v) => ({ ...v, [key]: value }));
    // The field's error goes, and the errors of the parts of it that changed (an address found by
    // its postal code fills block and street: their 'is required' goes with it).
    setErrors((e) => {
      const stale = Object.keys(e).filter(
        (path) =>
          path === key ||
          (path.startsWith(`${key}.`) &&
            !Object.is(at(before, path.slice(key.length + 1)), at(value, path.slice(key.length + 1)))),
      );
      if (!stale.length) return e;
      const rest = { ...e };
      for (const path of stale) delete rest[path];
      return rest;
    });
  };
  const setField: <K extends keyof Values & string>(key: K, value: Values[K]) => void = put;

  const validate = <T extends $ZodType>(using: T): output<T> | null => {
    const r = safeParse(using, values);
    if (r.success) {
      setErrors({});
      return r.data;
    }
    const next: Record<string, string> = {};
    // The shared schema's messages are the spec's English: each is shown in the reader's language.
    for (const issue of r.error.issues) next[issue.path.join('.') || 'form'] ??= tm(issue.message);
    setErrors(next);
    return null;
  };

  /** Shows an API error: under its fields when it names them, above the form otherwise. */
  const showError = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
    else setFormError(err instanceof Error ? err.message : String(err));
  };

  /**
   * Validates with `using` (the form's schema, or a part of it for another way to send the form: a
   * staff sign-in with a passkey needs no code), then calls `onValid` with what it parsed.
   */
  const submitWith =
    <T extends $ZodType>(using: T, onValid: (data: output<T>) => unknown) =>
    async (e?: { preventDefault(): void }) => {
      e?.preventDefault();
      setFormError(null);
      const data = validate(using);
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
  const submit = (onValid: (data: output<S>) => unknown) => submitWith(schema, onValid);

  /** The props of a text input bound to a field that holds text. */
  const fieldProps = (key: TextField<Values>) => ({
    name: key,
    value: values[key] ?? '',
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => put(key, e.currentTarget.value),
  });

  // Zod names each problem by a path of the schema's input; the server's field errors use the same.
  const shown: FormErrors<input<S>> = errors;
  return {
    values,
    setField,
    errors: shown,
    formError,
    setFormError,
    submit,
    submitWith,
    fieldProps,
    showError,
  };
}
