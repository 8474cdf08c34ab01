import type { Passkey } from '@selfcare/domain/contracts/passkeys';
import { formatSgDateTime } from '../../lib/sg-date.ts';
import { DeviceList } from './device-list.tsx';

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
    <DeviceList
      label={texts.title}
      removeText={texts.remove}
      removing={removing}
      onRemove={onRemove}
      items={passkeys.map((p) => {
        const name = p.name || texts.unnamed;
        const added = formatSgDateTime(new Date(p.createdAt));
        const used = p.lastUsedAt ? texts.lastUsed(formatSgDateTime(new Date(p.lastUsedAt))) : texts.notUsed;
        return {
          id: p.id,
          name,
          detail: `${texts.added(added)} · ${used}`,
          removeLabel: texts.removeNamed(name, added),
        };
      })}
    />
  );
}
