import { Loader, Stack, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/**
 * A page of this feature: its title, then what `read` loaded (a spinner before, the reason when it
 * cannot be read).
 */
export function LoadedPage<T>({
  route,
  read,
  children,
}: {
  route: RouteDef;
  read: { data: T | undefined; error: Error | null };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      {read.error ? (
        <FormError message={read.error.message} />
      ) : read.data ? (
        children(read.data)
      ) : (
        <Loader role="status" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}
