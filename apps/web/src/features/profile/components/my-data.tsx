import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { fetchFile, saveFile } from '../../../lib/download.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import '../texts.ts';

/** PDPA access: everything held about the customer, downloaded as one JSON file. */
export function MyData() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob, name } = await fetchFile('GET /profile/export', {}, 'application/json', 'my-data.json');
      saveFile(blob, name);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="data-title">
          {t('profile.data.title')}
        </Title>
        <Text size="sm">{t('profile.data.text')}</Text>
        {error && <FormError message={error} />}
        <Button variant="outline" onClick={download} loading={busy}>
          {t('profile.data.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
