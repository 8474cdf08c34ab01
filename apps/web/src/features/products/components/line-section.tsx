import { Paper, Text, Title } from '@mantine/core';
import type { ProductLine } from '@selfcare/domain/contracts/products';
import type { ReactNode } from 'react';
import { lineName } from './line-heading.ts';

/** One line's part of a page: a region named by the line, its heading, what it is on, then `children`. */
export function LineSection({
  line,
  subtitle,
  children,
}: {
  line: Pick<ProductLine, 'msisdn' | 'isMainLine'>;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={lineName(line)}>
      <Title order={2} size="h4">
        {lineName(line)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Paper>
  );
}
