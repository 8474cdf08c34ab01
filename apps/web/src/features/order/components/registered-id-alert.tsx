import { Alert, Button, Group, Text } from '@mantine/core';
import { OrderMessages } from '@selfcare/domain/order';
import { settings } from '../../../app/settings.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { useClearMyinfo } from '../api/clear-myinfo.ts';
import '../texts.ts';

/**
 * Step 3 when the ID number MyInfo gave already has an account: what that means and what the
 * customer can do (log in to that account, contact support, or go on here without MyInfo's details).
 */
export function RegisteredIdAlert() {
  const { t } = useTranslation();
  const s = settings();
  const clear = useClearMyinfo();
  return (
    <Alert color="red" role="alert" variant="light" title={tm(OrderMessages.idNumberHasAccount)}>
      <Text size="sm">{tm(OrderMessages.idNumberHasAccountHelp(s.supportEmail, s.supportPhone))}</Text>
      <Text size="sm" mt="xs">
        {tm(OrderMessages.idNumberHasAccountChoices)}
      </Text>
      {clear.error && (
        <Text size="sm" c="red.9" mt="xs">
          {clear.error.message}
        </Text>
      )}
      <Group mt="sm">
        <Button type="button" variant="default" loading={clear.isPending} onClick={() => clear.mutate()}>
          {t('order.myinfo.clear')}
        </Button>
      </Group>
    </Alert>
  );
}
