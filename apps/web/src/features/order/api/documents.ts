import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/api.ts';

export interface UploadedDocument {
  id: string;
  side: 'front' | 'back';
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

export const uploadDocument = async (side: 'front' | 'back', file: File) =>
  (await upload<UploadedDocument>(`/documents?side=${side}`, file)).data;
export const useUploadDocument = () =>
  useMutation({
    mutationFn: ({ side, file }: { side: 'front' | 'back'; file: File }) => uploadDocument(side, file),
  });
