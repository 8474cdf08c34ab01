import { Badge, Button, Group, Stack, Text } from '@mantine/core';

/** One device of a list: what it is called, a mark beside it, and the line of when under it. */
export interface DeviceListItem {
  id: string;
  name: string;
  /** A mark beside the name ('This device'). */
  badge?: string | null;
  /** When it was added, used or sent to, as the page says it. */
  detail: string;
  /** The Remove button's name for a screen reader: the device and its day (two may share a name). */
  removeLabel: string;
}

/**
 * The devices of an account a page lists, each removed on its own: passkeys (a customer's on their
 * profile, a staff member's in the console, ADR 0059) and the browsers that show notifications
 * (ADR 0060).
 */
export function DeviceList({
  label,
  items,
  removeText,
  removing,
  onRemove,
}: {
  label: string;
  items: DeviceListItem[];
  removeText: string;
  /** The device being removed, whose button shows it. */
  removing: string | null;
  onRemove: (id: string) => void;
}) {
  return (
    <ul className="plain-list" aria-label={label}>
      {items.map((d) => (
        <li key={d.id}>
          <Group gap="md" py={6} wrap="wrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Text fw={600}>{d.name}</Text>
                {d.badge && <Badge variant="light">{d.badge}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {d.detail}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              ml="auto"
              aria-label={d.removeLabel}
              loading={removing === d.id}
              onClick={() => onRemove(d.id)}
            >
              {removeText}
            </Button>
          </Group>
        </li>
      ))}
    </ul>
  );
}
