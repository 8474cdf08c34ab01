import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

/** Back and Next (or the step's own action) at the foot of a step. */
export function StepNav({
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
