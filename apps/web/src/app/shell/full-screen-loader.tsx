import { Center, Loader } from '@mantine/core';
import { t } from '../../lib/i18n.ts';

export function FullScreenLoader() {
  return (
    <Center h="100vh" className="page-loading" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </Center>
  );
}
