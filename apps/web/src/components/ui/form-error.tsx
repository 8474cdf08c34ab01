import { Alert } from '@mantine/core';
import { tm } from '../../lib/i18n.ts';

/** A form-level error, announced to screen readers as it appears, in the reader's language. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {tm(message)}
    </Alert>
  );
}
