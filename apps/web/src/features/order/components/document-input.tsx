import { FileInput } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@selfcare/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUploadDocument } from '../api/documents.ts';

const ACCEPT = 'image/jpeg,image/png,application/pdf';

/** One side of an ID: uploaded as soon as it is chosen; the server judges the file by its content. */
export function DocumentInput({
  side,
  onUploaded,
  error,
}: {
  side: 'front' | 'back';
  onUploaded: (id: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FileInput
      label={t(`order.document.${side}`)}
      description={t('order.document.hint')}
      accept={ACCEPT}
      value={file}
      clearable
      clearButtonProps={{ 'aria-label': t('order.document.clear', { side: t(`order.document.${side}`) }) }}
      required
      error={problem ?? error}
      rightSection={upload.isPending ? '…' : undefined}
      onChange={async (f) => {
        setFile(f);
        setProblem(null);
        if (!f) return;
        if (f.size > UPLOAD_MAX_BYTES) return setProblem(t('order.document.tooLarge'));
        try {
          onUploaded((await upload.mutateAsync({ side, file: f })).id);
        } catch (err) {
          setProblem((err as Error).message);
        }
      }}
    />
  );
}
