import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import '../texts.ts';

/**
 * One wizard step's form: the form-level error at the top, the step's fields, and Back / Next at
 * the foot. `onSubmit` is the step's `form.submit(...)` handler, which validates with the shared
 * schema, saves the step and moves on.
 */
export function StepForm({
  onSubmit,
  error,
  onBack,
  saving,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  error: string | null;
  onBack?: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <FormError message={error} />
        {children}
        <StepNav onBack={onBack} loading={saving} />
      </Stack>
    </form>
  );
}

/** Back and Next (or the step's own action) at the foot of a step. */
function StepNav({
  onBack,
  nextLabel,
  loading,
}: {
  onBack?: () => void;
  nextLabel?: string;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="xl">
      {onBack ? (
        <Button variant="default" onClick={onBack}>
          {t('order.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={loading}>
        {nextLabel ?? t('order.next')}
      </Button>
    </Group>
  );
}
