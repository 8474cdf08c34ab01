import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, navigate, useParams } from '../../../lib/router.tsx';
import { useSaveBarring } from '../api/line-services.ts';
import { LineCard, LineNotFound, ServicesPage } from '../components/services-page.tsx';
import '../texts.ts';

function BarringForm({ line }: { line: LineServices }) {
  const { t } = useTranslation();
  const save = useSaveBarring(line.lineId);
  const [barring, setBarring] = useState(line.barring);
  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    save.mutate(barring, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        navigate(pathFor('internationalCall'));
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Checkbox
          label={t('services.barring.barIncoming')}
          checked={barring.incomingInternational}
          onChange={(e) => setBarring({ ...barring, incomingInternational: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('services.barring.barOutgoing')}
          checked={barring.outgoingInternational}
          onChange={(e) => setBarring({ ...barring, outgoingInternational: e.currentTarget.checked })}
        />
        {save.isError && <FormError message={save.error.message} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('services.barring.save')}
          </Button>
          <Button component={Link} to={pathFor('internationalCall')} variant="subtle">
            {t('services.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /manage/internationalCall/:id/edit: bar or allow international calls and SMS on one line, each way. */
export default function InternationalCallEditPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <ServicesPage route={route} intro={t('services.barring.intro')}>
      {(lines) => {
        const line = lines.find((l) => l.lineId === id);
        if (!line) return <LineNotFound list="internationalCall" />;

        return (
          <LineCard line={line}>
            {line.suspension ? <Text>{t('services.barring.suspended')}</Text> : <BarringForm line={line} />}
          </LineCard>
        );
      }}
    </ServicesPage>
  );
}
