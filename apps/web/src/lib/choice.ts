/**
 * The option a select, radio group or segmented control's string value stands for, typed as the
 * options are; undefined when it is none of them (a select cleared).
 */
export const choiceOf = <T extends string | number>(
  options: readonly T[],
  value: string | null,
): T | undefined => options.find((o) => String(o) === value);
