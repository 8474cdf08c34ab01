import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Messages } from '@selfcare/domain';
import { Component, type ReactNode } from 'react';

/** A rendering failure shows 'Something went wrong.' instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RenderFailure /> : this.props.children;
  }
}

export function RenderFailure() {
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1} size="h2">
          {Messages.somethingWrong}
        </Title>
        <Text>Please reload the page. If it keeps happening, contact support.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
