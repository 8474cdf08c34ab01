import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { lookupAddress } from '../api/address.ts';
import type { Address } from '../api/types.ts';

export const EMPTY_ADDRESS: Address = {
  postalCode: '',
  blockNumber: '',
  roadName: '',
  building: '',
  unitNumber: '',
};

/** A Singapore address: the postal code finds block, road and building (OneMap); the unit is typed. */
export function AddressFields({
  title,
  prefix,
  value: given,
  errors,
  onChange,
}: {
  title: string;
  prefix: string;
  value: Address | null | undefined;
  errors: Record<string, string>;
  onChange: (a: Address) => void;
}) {
  const { t } = useTranslation();
  const value = given ?? EMPTY_ADDRESS;
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof Address) => ({
    value: value[key] ?? '',
    error: errors[`${prefix}.${key}`],
    onChange: (e: { currentTarget: { value: string } }) =>
      onChange({ ...value, [key]: e.currentTarget.value }),
  });
  const find = async () => {
    setNote(null);
    if (!/^\d{6}$/.test(value.postalCode)) return setNote(t('order.postalInvalid'));
    setBusy(true);
    try {
      const [found] = await lookupAddress(value.postalCode);
      if (found)
        onChange({
          ...value,
          blockNumber: found.blockNumber,
          roadName: found.roadName,
          building: found.building,
        });
      else setNote(t('order.postalNotFound'));
    } catch (err) {
      setNote((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Group align="flex-end">
        <TextInput
          label={t('order.postalCode')}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          required
          {...field('postalCode')}
          error={errors[`${prefix}.postalCode`] ?? note ?? undefined}
        />
        <Button variant="outline" onClick={find} loading={busy}>
          {t('order.findAddress')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('order.blockNumber')} required {...field('blockNumber')} />
        <TextInput label={t('order.roadName')} autoComplete="address-line1" required {...field('roadName')} />
        <TextInput label={t('order.building')} {...field('building')} />
        <TextInput
          label={t('order.unitNumber')}
          description={t('order.unitHint')}
          autoComplete="address-line2"
          {...field('unitNumber')}
        />
      </SimpleGrid>
    </Stack>
  );
}
