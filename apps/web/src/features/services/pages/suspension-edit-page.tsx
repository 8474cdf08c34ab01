import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { SUSPENSION_REASON_LABELS, SUSPENSION_REASONS } from '@selfcare/domain/line-services';
import { suspendLineSchema } from '@selfcare/domain/schemas/line-services';
import { settings } from '../../../app/settings.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link, navigate, useParams } from '../../../lib/router.tsx';
import { choiceOf, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSuspendLine } from '../api/line-services.ts';
import { LineCard, LineNotFound, ServicesPage } from '../components/services-page.tsx';
import '../texts.ts';

function SuspendForm({ lineId }: { lineId: string }) {
  const { t } = useTranslation();
  const suspend = useSuspendLine(lineId);
  const form = useZodForm(suspendLineSchema, { reason: undefined });
  const onSubmit = form.submit(async (input) => {
    const res = await suspend.mutateAsync(input);
    notifySuccess(res.message);
    navigate(pathFor('suspension'));
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('services.suspension.reason')}
          required
          value={form.values.reason ?? null}
          onChange={(v) => form.setField('reason', choiceOf(SUSPENSION_REASONS, v))}
          error={form.errors.reason}
        >
          <Stack gap="xs" mt="xs">
            {SUSPENSION_REASONS.map((r) => (
              <Radio
                key={r}
                value={r}
                label={tm(SUSPENSION_REASON_LABELS[r])}
                aria-invalid={Boolean(form.errors.reason)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {form.values.reason === 'lost-device' && (
          <Alert color="gray" variant="light">
            <Text size="sm" fw={700}>
              {t('services.suspension.lostTitle')}
            </Text>
            <Text size="sm">{t('services.suspension.lost')}</Text>
            <Button component={Link} to={pathFor('lostSim')} variant="outline" mt="sm" w="fit-content">
              {t('services.suspension.lostLink')}
            </Button>
          </Alert>
        )}
        <Alert color="red" variant="light">
          {t('services.suspension.warning')}
        </Alert>
        {form.formError && <FormError message={form.formError} />}
        <Group>
          <Button type="submit" color="red" loading={suspend.isPending}>
            {t('services.suspension.confirm')}
          </Button>
          <Button component={Link} to={pathFor('suspension')} variant="subtle">
            {t('services.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /manage/suspension/:id/edit: suspend one line now, with the reason. */
export default function SuspensionEditPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const s = settings();
  return (
    <ServicesPage route={route}>
      {(lines) => {
        const line = lines.find((l) => l.lineId === id);
        if (!line) return <LineNotFound list="suspension" />;

        return (
          <LineCard line={line}>
            {line.suspension ? (
              <Text>
                {t('services.suspension.contact', { email: s.supportEmail, phone: s.supportPhone })}
              </Text>
            ) : (
              <SuspendForm lineId={line.lineId} />
            )}
          </LineCard>
        );
      }}
    </ServicesPage>
  );
}
