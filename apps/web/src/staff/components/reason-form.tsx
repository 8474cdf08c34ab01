import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { staffReasonSchema } from '@selfcare/domain/fulfilment';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import '../texts.ts';

/**
 * A staff action that takes a reason (waiving a charge, resuming a line): the reason, checked by the
 * shared schema, then `send`, whose answer's message is shown; `onDone` closes the form.
 */
export function StaffReasonForm({
  label,
  confirm,
  send,
  onDone,
}: {
  label: string;
  confirm: string;
  send: (reason: string) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(staffReasonSchema, { reason: '' });
  const [busy, setBusy] = useState(false);
  // Opened by a button: the agent types the reason next, so the box takes the focus.
  const reason = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reason.current?.focus(), []);
  const submit = form.submit(async (data) => {
    setBusy(true);
    try {
      notifySuccess((await send(data.reason)).message);
      onDone();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Textarea ref={reason} label={label} required autosize minRows={2} {...form.fieldProps('reason')} />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            {confirm}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('staff.common.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
