import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card every page outside the shell uses: a level-one title and its content. */
export function AuthCard({
  title,
  width = 520,
  children,
}: {
  title: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" maw={width} mx="auto" radius="md">
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
