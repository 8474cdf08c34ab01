import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { call, reloadSessionUser } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { navigate } from '../../../lib/router.tsx';
import { DocumentInput, useIdDocuments } from '../components/document-input.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** Staff asked for the customer's ID (status 3): upload both sides and the order goes on. */
export default function UploadIdPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { ids, uploading, inputProps } = useIdDocuments();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setError(null);
    if (!ids.current.front || !ids.current.back) return setError(OrderMessages.documentsRequired);
    setSending(true);
    try {
      const res = await call('POST /orders/documents', {
        body: { front: ids.current.front, back: ids.current.back },
      });
      notifySuccess(res.message);
      await reloadSessionUser();
      navigate(pathFor('myAccount'), { replace: true });
    } catch (err) {
      setError((err as Error).message);
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="xl" maw={820}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Title order={1} size="h2">
            {pageTitle(route)}
          </Title>
          <Text>{t('order.uploadIntro')}</Text>
          <FormError message={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DocumentInput {...inputProps('front')} />
            <DocumentInput {...inputProps('back')} />
          </SimpleGrid>
          <Button type="submit" loading={sending || uploading} maw={240}>
            {t('order.sendDocuments')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
