import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';

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

/** The staff console loads none of the portal's chrome: it reads the English given here. */
export function RenderFailure() {
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1} size="h2">
          {t('errors.boundary', { defaultValue: 'Something went wrong.' })}
        </Title>
        <Text>
          {t('errors.help', {
            defaultValue: 'Please reload the page. If it keeps happening, contact support.',
          })}
        </Text>
        <Button onClick={() => window.location.reload()}>
          {t('errors.reload', { defaultValue: 'Reload the page' })}
        </Button>
      </Stack>
    </Center>
  );
}
