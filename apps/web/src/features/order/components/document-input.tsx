import { FileInput } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@selfcare/domain';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUploadDocument } from '../api/documents.ts';

const ACCEPT = 'image/jpeg,image/png,application/pdf';

type Side = 'front' | 'back';
export type DocumentIds = { front: string | null; back: string | null };

/**
 * Both sides of an ID as they upload: the ids so far, and whether a file is still on its way, so
 * that a form is not sent while an upload is in flight. Both files may finish at once: each adds its
 * id to the latest pair, not to the pair its render saw.
 */
export function useIdDocuments(initial?: DocumentIds | null, onChange?: (ids: DocumentIds) => void) {
  const ids = useRef<DocumentIds>(initial ?? { front: null, back: null });
  const [pending, setPending] = useState(0);
  const inputProps = (side: Side) => ({
    side,
    onUploaded: (id: string) => {
      ids.current = { ...ids.current, [side]: id };
      onChange?.(ids.current);
    },
    onBusy: (busy: boolean) => setPending((n) => n + (busy ? 1 : -1)),
  });
  return { ids, uploading: pending > 0, inputProps };
}

/** One side of an ID: uploaded as soon as it is chosen; the server judges the file by its content. */
export function DocumentInput({
  side,
  onUploaded,
  onBusy,
  error,
}: {
  side: Side;
  onUploaded: (id: string) => void;
  onBusy: (busy: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FileInput
      label={t(`order.document.${side}`)}
      description={
        upload.isPending
          ? t('order.document.uploading')
          : done
            ? t('order.document.uploaded')
            : t('order.document.hint')
      }
      accept={ACCEPT}
      value={file}
      clearable
      clearButtonProps={{ 'aria-label': t('order.document.clear', { side: t(`order.document.${side}`) }) }}
      required
      error={problem ?? error}
      rightSection={upload.isPending ? '…' : undefined}
      onChange={async (f) => {
        setFile(f);
        setDone(false);
        setProblem(null);
        if (!f) return;
        if (f.size > UPLOAD_MAX_BYTES) return setProblem(t('order.document.tooLarge'));
        onBusy(true);
        try {
          onUploaded((await upload.mutateAsync({ side, file: f })).id);
          setDone(true);
        } catch (err) {
          setProblem((err as Error).message);
        } finally {
          onBusy(false);
        }
      }}
    />
  );
}
