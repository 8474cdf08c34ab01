import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { LOCALE_NAMES } from '@selfcare/domain';
import type { StaffCatalogItem } from '@selfcare/domain/contracts/staff-catalog';
import { catalogDescriptionsSchema, StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

const KEY = ['staff', 'catalog'];
const LANGUAGES = ['zh', 'ms', 'ta'] as const;

/** An admin writes one item's description in Chinese, Malay and Tamil; an empty one reads the English. */
function DescriptionsForm({ item }: { item: StaffCatalogItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(catalogDescriptionsSchema, {
    zh: item.descriptions.zh ?? '',
    ms: item.descriptions.ms ?? '',
    ta: item.descriptions.ta ?? '',
  });
  const [busy, setBusy] = useState(false);
  const submit = form.submit(async (data) => {
    setBusy(true);
    try {
      const res = await staffCall('PUT /staff/catalog/:kind/:code', {
        params: { kind: item.kind, code: item.code },
        body: data,
      });
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: KEY });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staff.catalog.form', { name: item.name })}>
      <Stack gap="xs">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {LANGUAGES.map((language) => (
          <Textarea
            key={language}
            lang={language}
            label={t('staff.catalog.inLanguage', { language: LOCALE_NAMES[language] })}
            autosize
            minRows={1}
            {...form.fieldProps(language)}
          />
        ))}
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            {t('staff.catalog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What one plan or product says: its English, and the other languages (read-only below an admin). */
function Item({ item, canEdit }: { item: StaffCatalogItem; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`catalog-${item.kind}-${item.code}`}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5" id={`catalog-${item.kind}-${item.code}`}>
          {item.name}
        </Title>
        <Text size="sm" c="dimmed">
          {item.code}
        </Text>
        {!item.active && <Badge color="gray">{t('staff.catalog.withdrawn')}</Badge>}
      </Group>
      <Text size="sm" mb="sm" lang="en">
        {item.description}
      </Text>
      {canEdit ? (
        <DescriptionsForm item={item} />
      ) : (
        <Stack gap={4}>
          {LANGUAGES.map((language) => (
            <Text key={language} size="sm">
              {LOCALE_NAMES[language]}:{' '}
              <span lang={language}>{item.descriptions[language] ?? t('staff.catalog.english')}</span>
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The catalog's descriptions in the portal's four languages (ADR 0055): customers read the one they chose. */
export default function CatalogTextsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const catalog = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffCall('GET /staff/catalog')).data,
  });
  const canEdit = !!staff && staffMay(staff.role, StaffPermission.EditCatalog);
  const section = (kind: StaffCatalogItem['kind']) => (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t(kind === 'plan' ? 'staff.catalog.plans' : 'staff.catalog.products')}
      </Title>
      {catalog.data?.items
        .filter((i) => i.kind === kind)
        .map((i) => (
          <Item key={`${i.kind}-${i.code}`} item={i} canEdit={canEdit} />
        ))}
    </Stack>
  );
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('staff.catalog.title')}
      </Title>
      <Text size="sm" mb="md">
        {t(canEdit ? 'staff.catalog.intro' : 'staff.catalog.adminOnly')}
      </Text>
      {catalog.isPending && <Text>{t('staff.common.loading')}</Text>}
      {catalog.data && (
        <Stack gap="xl">
          {section('plan')}
          {section('product')}
        </Stack>
      )}
    </>
  );
}
