import { Checkbox, NativeSelect, Stack } from '@mantine/core';
import type { ProductLine } from '@selfcare/domain/contracts/products';
import { lineName } from './line-heading.ts';

/**
 * Which lines a purchase is for: one line from a list, or, for a shareable product, a box for each
 * line it may serve (at least one; `error` says so under the boxes).
 */
export function LinePicker({
  shareable,
  lines,
  value,
  onChange,
  label,
  error,
  disabled,
}: {
  shareable: boolean;
  lines: readonly ProductLine[];
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  error?: string | null;
  disabled?: boolean;
}) {
  if (!shareable)
    return (
      <NativeSelect
        label={label}
        data={lines.map((l) => ({ value: l.id, label: lineName(l) }))}
        value={value[0] ?? ''}
        onChange={(e) => onChange([e.currentTarget.value])}
        disabled={disabled}
        maw={360}
      />
    );
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} error={error ?? undefined} withAsterisk>
      <Stack gap="xs" mt="xs">
        {lines.map((l) => (
          <Checkbox key={l.id} value={l.id} label={lineName(l)} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
