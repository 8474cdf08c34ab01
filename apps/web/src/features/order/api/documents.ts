import type { UploadedDocument } from '@selfcare/domain/contracts/documents';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const uploadDocument = async (side: UploadedDocument['side'], file: File) =>
  (await call('POST /documents', { query: { side }, file })).data;
export const useUploadDocument = () =>
  useMutation({
    mutationFn: ({ side, file }: { side: UploadedDocument['side']; file: File }) =>
      uploadDocument(side, file),
  });
