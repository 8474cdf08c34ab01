import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DeliveryMethod } from '@selfcare/domain';
import type { DraftAddress as Address, FoundAddress } from '@selfcare/domain/contracts/orders';
import { OrderMessages } from '@selfcare/domain/order';
import { useState } from 'react';
import { tm, useTranslation } from '../../lib/i18n.ts';
import './texts.ts';

/** The addresses at a postal code; with a delivery method, each says whether that method reaches it. */
export type AddressLookup = (postalCode: string, method?: number | null) => Promise<FoundAddress[]>;

export const EMPTY_ADDRESS: Address = {
  postalCode: '',
  blockNumber: '',
  roadName: '',
  building: '',
  unitNumber: '',
};

/**
 * A Singapore address: the postal code finds block, road and building (OneMap); the unit is typed.
 * `method` is the delivery method when this is where the SIM goes: for home delivery the customer is
 * told as soon as the address is found that the courier does not deliver there.
 */
export function AddressFields({
  title,
  prefix,
  value: given,
  method = null,
  errors,
  onChange,
  lookup,
}: {
  title: string;
  prefix: string;
  value: Address | null | undefined;
  method?: number | null;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (a: Address) => void;
  /** How addresses are found: the order wizard and an added line each ask their own API. */
  lookup: AddressLookup;
}) {
  const { t } = useTranslation();
  const value = given ?? EMPTY_ADDRESS;
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The postal code the courier was found not to serve; it says so while that code and home delivery stand.
  const [undeliverable, setUndeliverable] = useState<string | null>(null);
  const unavailable =
    method === DeliveryMethod.HomeDelivery && undeliverable !== null && undeliverable === value.postalCode
      ? OrderMessages.deliveryUnavailable
      : null;
  const field = (key: keyof Address) => ({
    value: value[key] ?? '',
    error: errors[`${prefix}.${key}`],
    onChange: (e: { currentTarget: { value: string } }) =>
      onChange({ ...value, [key]: e.currentTarget.value }),
  });
  const find = async () => {
    setNote(null);
    if (!/^\d{6}$/.test(value.postalCode)) return setNote(t('address.postalInvalid'));
    setBusy(true);
    try {
      const [found] = await lookup(value.postalCode, method);
      if (found) {
        onChange({
          ...value,
          blockNumber: found.blockNumber,
          roadName: found.roadName,
          building: found.building,
        });
        setUndeliverable(found.deliverable === false ? found.postalCode : null);
      } else setNote(t('address.postalNotFound'));
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
          label={t('address.postalCode')}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          required
          {...field('postalCode')}
          error={tm(errors[`${prefix}.postalCode`] ?? note ?? unavailable ?? '') || undefined}
        />
        <Button variant="outline" onClick={find} loading={busy}>
          {t('address.findAddress')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('address.blockNumber')} required {...field('blockNumber')} />
        <TextInput
          label={t('address.roadName')}
          autoComplete="address-line1"
          required
          {...field('roadName')}
        />
        <TextInput label={t('address.building')} {...field('building')} />
        <TextInput
          label={t('address.unitNumber')}
          description={t('address.unitHint')}
          autoComplete="address-line2"
          {...field('unitNumber')}
        />
      </SimpleGrid>
    </Stack>
  );
}
