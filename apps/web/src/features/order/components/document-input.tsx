import { FileInput } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@selfcare/domain';
import type { DocumentFile, DocumentFiles } from '@selfcare/domain/contracts/orders';
import { OrderMessages } from '@selfcare/domain/order';
import { useRef, useState } from 'react';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { useUploadDocument } from '../api/documents.ts';
import '../texts.ts';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ACCEPT = `image/jpeg,image/png,application/pdf,${EXTENSIONS.map((e) => `.${e}`).join(',')}`;

type Side = 'front' | 'back';
export type DocumentIds = { front: string | null; back: string | null };

/**
 * Both sides of an ID as the form will send them. A side holds a file only once that file is
 * uploaded: removing it, or choosing another, empties the side at once, and a file that is refused
 * leaves it empty. Both files may finish at once: each sets its side on the latest pair, not on the
 * pair its render saw. `uploading` keeps a form from being sent while a file is on its way.
 */
export function useIdDocuments(initial?: DocumentFiles | null, onChange?: (ids: DocumentIds) => void) {
  const ids = useRef<DocumentIds>({ front: initial?.front?.id ?? null, back: initial?.back?.id ?? null });
  const [pending, setPending] = useState(0);
  const set = (side: Side, id: string | null) => {
    if (ids.current[side] === id) return;
    ids.current = { ...ids.current, [side]: id };
    onChange?.(ids.current);
  };
  const inputProps = (side: Side) => ({
    side,
    initial: initial?.[side] ?? null,
    onUploaded: (id: string) => set(side, id),
    onCleared: () => set(side, null),
    onBusy: (busy: boolean) => setPending((n) => n + (busy ? 1 : -1)),
  });
  return { ids, uploading: pending > 0, inputProps };
}

/** Why a file is refused before it is sent: its name's extension, or its size. */
function refusedBeforeUpload(file: File): string | null {
  const name = file.name.toLowerCase();
  const extension = name.includes('.') ? (name.split('.').pop() ?? '') : '';
  if (!EXTENSIONS.includes(extension)) return OrderMessages.fileInvalidExtension;
  if (file.size > UPLOAD_MAX_BYTES) return OrderMessages.fileTooLarge;
  return null;
}

/**
 * One side of an ID: uploaded as soon as it is chosen. The extension and size are checked here; the
 * server judges the content and says what is wrong with it. `initial` is a side uploaded earlier,
 * shown by its name until the customer replaces or removes it.
 */
export function DocumentInput({
  side,
  initial = null,
  onUploaded,
  onCleared,
  onBusy,
  error,
}: {
  side: Side;
  initial?: DocumentFile | null;
  onUploaded: (id: string) => void;
  onCleared: () => void;
  onBusy: (busy: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  // An earlier upload has no File in this page: a stand-in of the same name shows it.
  const [file, setFile] = useState<File | null>(() => (initial ? new File([], initial.fileName) : null));
  const [done, setDone] = useState(initial !== null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Only the latest choice may fill the side: an older upload that finishes late is ignored.
  const latest = useRef(0);
  const choose = async (f: File | null) => {
    const attempt = ++latest.current;
    setFile(f);
    setDone(false);
    setBusy(false);
    setProblem(null);
    onCleared();
    if (!f) return;
    const refused = refusedBeforeUpload(f);
    if (refused) return setProblem(refused);
    setBusy(true);
    onBusy(true);
    try {
      const { id } = await upload.mutateAsync({ side, file: f });
      if (attempt !== latest.current) return;
      onUploaded(id);
      setDone(true);
    } catch (err) {
      if (attempt === latest.current) setProblem((err as Error).message);
    } finally {
      onBusy(false);
      if (attempt === latest.current) setBusy(false);
    }
  };
  return (
    <FileInput
      label={t(`order.document.${side}`)}
      description={
        busy ? t('order.document.uploading') : done ? t('order.document.uploaded') : t('order.document.hint')
      }
      accept={ACCEPT}
      value={file}
      clearable
      clearButtonProps={{ 'aria-label': t('order.document.clear', { side: t(`order.document.${side}`) }) }}
      required
      error={tm(problem ?? error ?? '') || undefined}
      rightSection={busy ? '…' : undefined}
      onChange={choose}
    />
  );
}
