import { Button, Group, Stack, Text } from '@mantine/core';
import type { Passkey } from '@selfcare/domain/contracts/passkeys';
import { formatSgDateTime } from '../../lib/sg-date.ts';

/** The words of a passkey list, each with its values. */
export interface PasskeyListTexts {
  title: string;
  unnamed: string;
  remove: string;
  notUsed: string;
  added: (at: string) => string;
  lastUsed: (at: string) => string;
  removeNamed: (name: string, at: string) => string;
}

/**
 * A list of passkeys (ADR 0059), a customer's on their profile or a staff member's in the console:
 * each with the device it was added on, when, and when it was last used, and its own Remove button,
 * named by the device and the day (two passkeys may share a device's name), in the words of the page
 * that shows it.
 */
export function PasskeyList({
  passkeys,
  texts,
  removing,
  onRemove,
}: {
  passkeys: Passkey[];
  texts: PasskeyListTexts;
  /** The passkey being removed, whose button shows it. */
  removing: string | null;
  onRemove: (id: string) => void;
}) {
  return (
    <ul className="plain-list" aria-label={texts.title}>
      {passkeys.map((p) => {
        const name = p.name || texts.unnamed;
        const added = formatSgDateTime(new Date(p.createdAt));
        return (
          <li key={p.id}>
            <Group gap="md" py={6} wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {texts.added(added)}
                  {' · '}
                  {p.lastUsedAt ? texts.lastUsed(formatSgDateTime(new Date(p.lastUsedAt))) : texts.notUsed}
                </Text>
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                ml="auto"
                aria-label={texts.removeNamed(name, added)}
                loading={removing === p.id}
                onClick={() => onRemove(p.id)}
              >
                {texts.remove}
              </Button>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
