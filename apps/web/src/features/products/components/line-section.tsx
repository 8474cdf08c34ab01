import { Paper, Text, Title } from '@mantine/core';
import type { ProductLine } from '@selfcare/domain/contracts/products';
import type { ReactNode, Ref } from 'react';
import { lineName } from './line-heading.ts';

/**
 * One line's part of a page: a region named by the line, its heading, what it is on, then `children`.
 * With `headingRef`, the heading can take the keyboard (when what it moved from is gone).
 */
export function LineSection({
  line,
  subtitle,
  headingRef,
  children,
}: {
  line: Pick<ProductLine, 'msisdn' | 'isMainLine'>;
  subtitle: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={lineName(line)}>
      <Title order={2} size="h4" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {lineName(line)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Paper>
  );
}
