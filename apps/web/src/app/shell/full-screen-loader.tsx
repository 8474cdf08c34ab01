import { Center, Loader } from '@mantine/core';

export function FullScreenLoader() {
  return (
    <Center h="100vh" className="page-loading" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </Center>
  );
}
