import { Alert } from '@mantine/core';

/** A form-level error, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {message}
    </Alert>
  );
}
