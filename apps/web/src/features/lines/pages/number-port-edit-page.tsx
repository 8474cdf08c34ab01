import { Button, Group, Loader, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { NETWORKS, type PortEditInput, portEditSchema } from '@selfcare/domain/order';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, navigate, useParams } from '../../../lib/router.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useEditPort } from '../api/edit-port.ts';
import { usePort } from '../api/get-port.ts';
import { phone } from './sim-management-page.tsx';
import '../texts.ts';

function EditForm({ port }: { port: PortRequest }) {
  const { t } = useTranslation();
  const edit = useEditPort(port.id);
  const form = useZodForm(portEditSchema, {
    donorNetwork: port.donorNetwork,
    donorIdNumber: port.donorIdNumber,
  } as PortEditInput);
  const onSubmit = form.submit(async (data) => {
    const res = await edit.mutateAsync(data);
    notifySuccess(res.message);
    navigate(pathFor('numberPort'));
  });
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate maw={560}>
      <Stack>
        {form.formError && <FormError message={form.formError} />}
        <NativeSelect
          label={t('lines.donor')}
          name="donorNetwork"
          value={String(form.values.donorNetwork)}
          error={form.errors.donorNetwork}
          onChange={(e) => form.setField('donorNetwork', Number(e.currentTarget.value))}
          data={NETWORKS.map((n, i) => ({ value: String(i), label: n }))}
        />
        <TextInput
          label={t('lines.donorIdLabel')}
          autoComplete="off"
          required
          {...form.fieldProps('donorIdNumber')}
        />
        <Group>
          <Button type="submit" loading={edit.isPending}>
            {t('lines.save')}
          </Button>
          <Button variant="subtle" component={Link} to={pathFor('numberPort')}>
            {t('lines.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /manage/numberPort/{id}/edit: correct the donor details before submitting, or after a refusal. */
export default function NumberPortEditPage(_: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const port = usePort(id);
  if (port.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (port.isError) return <FormError message={port.error.message} />;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('lines.editTitle', { number: phone(port.data.msisdn) })}
      </Title>
      <EditForm port={port.data} />
    </Stack>
  );
}
