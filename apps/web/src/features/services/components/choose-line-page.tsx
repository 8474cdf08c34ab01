import { Radio, Stack, Text, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { lineName } from './line-name.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

interface Line {
  lineId: string;
  msisdn: string;
  isMainLine: boolean;
}

/**
 * A page that acts on one line at a time (a number change, a lost SIM): its title and intro, the
 * customer's choice of line when they have more than one, then what `children` makes of that line.
 */
export function ChooseLinePage<V extends { lines: Line[] }>({
  route,
  read,
  intro,
  which,
  children,
}: {
  route: RouteDef;
  read: UseQueryResult<V>;
  intro: (view: V) => string;
  /** The question above the lines ('Which line?'). */
  which: string;
  children: (line: V['lines'][number]) => ReactNode;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <QueryView query={read} empty={t('services.noLines')} isEmpty={(v) => v.lines.length === 0}>
        {(view) => {
          const { lines } = view;
          const line = lines.find((l) => l.lineId === chosen) ?? (lines.length === 1 ? lines[0] : undefined);
          return (
            <>
              <Text>{intro(view)}</Text>
              {lines.length > 1 && (
                <Radio.Group label={which} value={line?.lineId ?? null} onChange={setChosen}>
                  <Stack gap="xs" mt="xs">
                    {lines.map((l) => (
                      <Radio key={l.lineId} value={l.lineId} label={lineName(l)} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              {line && children(line)}
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
