import { Checkbox, Radio, Select, Stack, Text } from '@mantine/core';
import { DeliveryMethod, formatMoney, TypeSim } from '@selfcare/domain';
import type { DraftAddress as Address, Draft, Offer } from '@selfcare/domain/contracts/orders';
import {
  type DeliveryStepInput,
  deliveryFeeCents,
  deliveryMethodsFor,
  deliveryStepSchema,
  shipsToAddress,
} from '@selfcare/domain/order';
import { useQuery } from '@tanstack/react-query';
import { AddressFields, EMPTY_ADDRESS } from '../../../components/address/address-fields.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { choiceOf, useZodForm } from '../../../lib/use-zod-form.ts';
import { getDeliveryDates, lookupAddress } from '../api/address.ts';
import { useSaveStep } from '../api/save-step.ts';
import { StepForm } from './step-form.tsx';
import '../texts.ts';

export function DeliveryStep({
  offer,
  draft,
  roadshow,
  onBack,
  onDone,
}: {
  offer: Offer;
  draft: Draft;
  roadshow: boolean;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStep('delivery', onDone);
  const methods = roadshow ? [] : deliveryMethodsFor(draft.plan?.typeSim ?? TypeSim.Physical);
  const saved = draft.delivery;
  const initialMethod = roadshow ? null : (saved?.deliveryMethod ?? methods[0] ?? null);
  const sameAsDelivery = shipsToAddress(initialMethod) && (saved?.billingSameAsDelivery ?? true);
  // The registered address MyInfo gave is the first suggestion for delivery and billing.
  const suggested = draft.myinfo?.address ?? EMPTY_ADDRESS;
  // Sections that are not shown are null, so the shared schema checks only what the customer sees.
  const form = useZodForm(deliveryStepSchema, {
    deliveryMethod: initialMethod,
    delivery: shipsToAddress(initialMethod) ? (saved?.delivery ?? suggested) : null,
    deliveryDate: saved?.deliveryDate ?? null,
    billingSameAsDelivery: sameAsDelivery,
    billing: sameAsDelivery ? null : (saved?.billing ?? suggested),
  } as DeliveryStepInput);
  const v = form.values;
  const method = v.deliveryMethod;
  const physical = shipsToAddress(method);
  const dates = useQuery({
    queryKey: ['orders', 'delivery-dates', method],
    queryFn: () => getDeliveryDates(method as number),
    enabled: method !== null,
  });
  const fee = (m: DeliveryMethod) => {
    const cents = deliveryFeeCents(m, offer.fees);
    return cents > 0 ? formatMoney(cents) : t('order.free');
  };

  return (
    <StepForm
      onSubmit={form.submit((data) => save.mutateAsync(data))}
      error={form.formError}
      onBack={onBack}
      saving={save.isPending}
    >
      {!roadshow && (
        <Radio.Group
          label={t('order.deliveryMethod')}
          value={method === null ? '' : String(method)}
          onChange={(m) => {
            const next = choiceOf(methods, m) ?? null;
            form.setField('deliveryMethod', next);
            form.setField('deliveryDate', null);
            form.setField('delivery', shipsToAddress(next) ? (v.delivery ?? suggested) : null);
            if (!shipsToAddress(next)) {
              form.setField('billingSameAsDelivery', false);
              form.setField('billing', v.billing ?? suggested);
            }
          }}
          error={form.errors.deliveryMethod}
          required
        >
          <Stack gap="xs" mt="xs">
            {methods.map((m) => (
              <Radio key={m} value={String(m)} label={`${t(`order.methods.${m}`)} (${fee(m)})`} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {physical && (
        <AddressFields
          title={t('order.deliveryAddress')}
          prefix="delivery"
          value={v.delivery as Address | null}
          method={method}
          errors={form.errors}
          onChange={(a) => form.setField('delivery', a)}
          lookup={lookupAddress}
        />
      )}
      {method !== null && (dates.data?.length ?? 0) > 0 && (
        <Select
          label={t('order.deliveryDate')}
          data={(dates.data ?? []).map((d) => ({
            value: d,
            label: formatSg(d, 'weekday'),
          }))}
          value={v.deliveryDate ?? null}
          onChange={(d) => form.setField('deliveryDate', d)}
          error={form.errors.deliveryDate}
          required
        />
      )}
      {method === DeliveryMethod.PostalMail && <Text>{t('order.postalNote')}</Text>}
      {method === DeliveryMethod.ESimIdVerification && <Text>{t('order.esimNote')}</Text>}
      {physical && (
        <Checkbox
          label={t('order.billingSame')}
          checked={v.billingSameAsDelivery}
          onChange={(e) => {
            const same = e.currentTarget.checked;
            form.setField('billingSameAsDelivery', same);
            form.setField('billing', same ? null : suggested);
          }}
        />
      )}
      {(!physical || !v.billingSameAsDelivery) && (
        <AddressFields
          title={t('order.billingAddress')}
          prefix="billing"
          value={v.billing as Address | null}
          errors={form.errors}
          onChange={(a) => form.setField('billing', a)}
          lookup={lookupAddress}
        />
      )}
    </StepForm>
  );
}
