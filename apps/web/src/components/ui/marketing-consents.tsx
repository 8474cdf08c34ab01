import { Checkbox, Group } from '@mantine/core';

const CHANNELS = ['email', 'sms', 'push'] as const;
type Channel = (typeof CHANNELS)[number];
export type Consents = Record<'provider' | 'thirdParty', Record<Channel, boolean>>;

/**
 * Marketing consent per channel (email, SMS, push), from the operator and from third parties, as the
 * spec's Profile holds it: one labelled group of checkboxes for each. `labels` names the groups and
 * the channels in the page's words.
 */
export function MarketingConsents({
  value,
  onChange,
  labels,
}: {
  value: Consents;
  onChange: (next: Consents) => void;
  labels: Record<'provider' | 'thirdParty' | Channel, string>;
}) {
  return (['provider', 'thirdParty'] as const).map((from) => (
    <Checkbox.Group
      key={from}
      label={labels[from]}
      value={CHANNELS.filter((c) => value[from][c])}
      onChange={(chosen) =>
        onChange({
          ...value,
          [from]: {
            email: chosen.includes('email'),
            sms: chosen.includes('sms'),
            push: chosen.includes('push'),
          },
        })
      }
    >
      <Group mt="xs">
        {CHANNELS.map((c) => (
          <Checkbox key={c} value={c} label={labels[c]} />
        ))}
      </Group>
    </Checkbox.Group>
  ));
}
