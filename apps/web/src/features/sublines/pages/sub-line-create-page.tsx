import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type DeliveryMethod,
  formatMoney,
  formatSgMobile,
  pathFor,
  type RouteDef,
  TypeSim,
} from '@selfcare/domain';
import type { DraftAddress as Address } from '@selfcare/domain/contracts/orders';
import {
  deliveryFeeCents,
  deliveryMethodsFor,
  NETWORKS,
  NumberType,
  type SubLineCreateInput,
  shipsToAddress,
  subLineCreateSchema,
} from '@selfcare/domain/order';
import { type ReactNode, useEffect, useState } from 'react';
import { AddressFields, EMPTY_ADDRESS } from '../../../components/address/address-fields.tsx';
import { NumberPicker } from '../../../components/numbers/number-picker.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { formatSg, formatSgDateTime } from '../../../lib/sg-date.ts';
import { choiceOf, type FormValues, useZodForm } from '../../../lib/use-zod-form.ts';
import {
  lookupAddress,
  useAddSubLine,
  useDeliveryDates,
  useHoldNumber,
  useSubLineNumbers,
  useSubLineOffer,
  useSubLines,
} from '../api/sub-lines.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

const plus65 = (msisdn: string) => `+65 ${formatSgMobile(msisdn)}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const INITIAL: FormValues<SubLineCreateInput> = {
  assignee: { fullName: '', idNumber: '', contactNumber: '' },
  planCode: '',
  typeSim: TypeSim.Physical,
  numberType: NumberType.New,
  msisdn: '',
  donorNetwork: 0,
  confirmPostpaid: false,
  delivery: { deliveryMethod: deliveryMethodsFor(TypeSim.Physical)[0], delivery: EMPTY_ADDRESS },
};
const SIM_TYPES = [TypeSim.Physical, TypeSim.ESim];
const NUMBER_TYPES = [NumberType.New, NumberType.PortIn];

/** /manage/mobileSubLine/create: who will use the line, its plan, number, SIM and delivery. */
export default function SubLineCreatePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offer = useSubLineOffer();
  const lines = useSubLines();
  const hold = useHoldNumber();
  const add = useAddSubLine();
  const form = useZodForm(subLineCreateSchema, INITIAL);
  const [picked, setPicked] = useState('');
  const v = form.values;
  const delivery = v.delivery as NonNullable<SubLineCreateInput['delivery']>;
  const method = delivery.deliveryMethod as number;
  const dates = useDeliveryDates(method);
  const held =
    lines.data?.hold && Date.parse(lines.data.hold.heldUntil) > Date.now() ? lines.data.hold : null;
  const fees = offer.data?.fees;
  const heldNumber = held?.msisdn ?? '';
  // The number a new line gets is the one held for it.
  useEffect(() => {
    if (v.numberType === NumberType.New && heldNumber && v.msisdn !== heldNumber)
      form.setField('msisdn', heldNumber);
  }, [heldNumber, v.numberType, v.msisdn, form.setField]);

  const assignee = (key: 'fullName' | 'idNumber' | 'contactNumber') => ({
    name: `assignee.${key}`,
    value: v.assignee[key] ?? '',
    error: form.errors[`assignee.${key}`],
    onChange: (e: { currentTarget: { value: string } }) =>
      form.setField('assignee', { ...v.assignee, [key]: e.currentTarget.value }),
  });
  const setDelivery = (next: Partial<typeof delivery>) => form.setField('delivery', { ...delivery, ...next });
  const methods = deliveryMethodsFor(v.typeSim ?? TypeSim.Physical);
  // The delivery's problems the server finds in the order wizard's own check name its fields alone.
  const serverErrors: Readonly<Record<string, string | undefined>> = form.errors;
  const chooseSim = (typeSim: TypeSim | undefined) => {
    if (typeSim === undefined) return;
    form.setField('typeSim', typeSim);
    const first = deliveryMethodsFor(typeSim)[0];
    form.setField('delivery', {
      deliveryMethod: first,
      delivery: shipsToAddress(first) ? (delivery.delivery ?? EMPTY_ADDRESS) : null,
      deliveryDate: null,
    });
  };
  const onSubmit = form.submit(async (input) => {
    const res = await add.mutateAsync(input);
    notifySuccess(res.message);
    navigate(pathFor('mobileSubLine'));
  });

  if (offer.isPending || lines.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (offer.isError) return <FormError message={offer.error.message} />;
  if (lines.data?.blocked)
    return (
      <Stack maw={880}>
        <Title order={1} size="h2">
          {pageTitle(route)}
        </Title>
        <Alert color="orange" variant="light">
          {lines.data.blocked}
        </Alert>
        <Link to={pathFor('mobileSubLine')}>{t('subLines.create.back')}</Link>
      </Stack>
    );
  const fee = (m: DeliveryMethod) => {
    const cents = fees ? deliveryFeeCents(m, fees) : 0;
    return cents > 0 ? formatMoney(cents) : t('subLines.create.free');
  };

  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('subLines.create.intro')}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {form.formError && <FormError message={form.formError} />}
          <Section title={t('subLines.create.who')}>
            <TextInput
              label={t('subLines.create.fullName')}
              required
              autoComplete="off"
              {...assignee('fullName')}
            />
            <TextInput
              label={t('subLines.create.idNumber')}
              required
              autoComplete="off"
              {...assignee('idNumber')}
            />
            <TextInput
              label={t('subLines.create.contactNumber')}
              required
              inputMode="tel"
              autoComplete="off"
              {...assignee('contactNumber')}
            />
          </Section>
          <Section title={t('subLines.create.plan')}>
            <Radio.Group
              label={t('subLines.create.plan')}
              value={v.planCode}
              onChange={(code) => form.setField('planCode', code)}
              error={form.errors.planCode}
              required
            >
              <Stack gap="xs" mt="xs">
                {offer.data.plans.map((p) => (
                  <Radio
                    key={p.code}
                    value={p.code}
                    label={`${p.name}: ${t('subLines.create.perMonth', { price: formatMoney(p.monthlyCents) })}`}
                    description={ownWords(p.description, p.descriptions)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('subLines.create.simType')}
              value={String(v.typeSim)}
              onChange={(s) => chooseSim(choiceOf(SIM_TYPES, s))}
              required
            >
              <Group mt="xs">
                <Radio value={String(TypeSim.Physical)} label={t('subLines.physical')} />
                <Radio value={String(TypeSim.ESim)} label={t('subLines.esim')} />
              </Group>
            </Radio.Group>
          </Section>
          <Section title={t('subLines.create.numberHeading')}>
            <Radio.Group
              label={t('subLines.create.numberHeading')}
              value={v.numberType}
              onChange={(n) => {
                form.setField('numberType', choiceOf(NUMBER_TYPES, n));
                form.setField('msisdn', n === NumberType.New ? heldNumber : '');
              }}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value={NumberType.New}
                  label={t('subLines.create.newNumber', { fee: formatMoney(fees?.newNumberCents ?? 0) })}
                />
                <Radio value={NumberType.PortIn} label={t('subLines.create.portIn')} />
              </Stack>
            </Radio.Group>
            {v.numberType === NumberType.New ? (
              <>
                <NumberPicker
                  name="us-number"
                  value={picked || held?.msisdn || ''}
                  label={t('subLines.create.choose')}
                  error={
                    hold.error?.message ??
                    // Chosen but not held yet: what is missing is the hold, not a choice.
                    (form.errors.msisdn && picked && picked !== held?.msisdn
                      ? t('subLines.create.holdFirst', { number: plus65(picked) })
                      : form.errors.msisdn)
                  }
                  onChange={setPicked}
                  useNumbers={useSubLineNumbers}
                />
                {picked && picked !== held?.msisdn && (
                  <Group>
                    <Button
                      variant="outline"
                      loading={hold.isPending}
                      onClick={() =>
                        hold.mutate({ msisdn: picked }, { onSuccess: () => form.setField('msisdn', picked) })
                      }
                    >
                      {t('subLines.create.holdThis', { number: plus65(picked) })}
                    </Button>
                  </Group>
                )}
                {held && (
                  <Text role="status">
                    {t('subLines.create.held', {
                      number: plus65(held.msisdn),
                      time: formatSgDateTime(new Date(held.heldUntil)),
                    })}
                  </Text>
                )}
              </>
            ) : (
              <>
                <TextInput
                  label={t('subLines.create.portNumber')}
                  inputMode="tel"
                  required
                  {...form.fieldProps('msisdn')}
                />
                <NativeSelect
                  label={t('subLines.create.donor')}
                  name="donorNetwork"
                  value={String(v.donorNetwork ?? 0)}
                  error={form.errors.donorNetwork}
                  onChange={(e) => form.setField('donorNetwork', Number(e.currentTarget.value))}
                  data={NETWORKS.map((n, i) => ({ value: String(i), label: n }))}
                />
                <Checkbox
                  label={t('subLines.create.postpaid')}
                  checked={v.confirmPostpaid === true}
                  error={form.errors.confirmPostpaid}
                  onChange={(e) => form.setField('confirmPostpaid', e.currentTarget.checked)}
                />
              </>
            )}
          </Section>
          <Section title={t('subLines.create.deliveryHeading')}>
            <Radio.Group
              label={t('subLines.create.deliveryMethod')}
              value={String(method)}
              onChange={(m) => {
                const next = choiceOf(methods, m);
                if (next === undefined) return;
                setDelivery({
                  deliveryMethod: next,
                  deliveryDate: null,
                  delivery: shipsToAddress(next) ? (delivery.delivery ?? EMPTY_ADDRESS) : null,
                });
              }}
              error={form.errors['delivery.deliveryMethod'] ?? serverErrors.deliveryMethod}
              required
            >
              <Stack gap="xs" mt="xs">
                {methods.map((m) => (
                  <Radio
                    key={m}
                    value={String(m)}
                    label={`${t(`subLines.create.methods.${m}`)} (${fee(m)})`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {shipsToAddress(method) && (
              <AddressFields
                title={t('subLines.create.deliveryAddress')}
                prefix="delivery.delivery"
                value={delivery.delivery as Address | null}
                method={method}
                errors={form.errors}
                onChange={(a) => setDelivery({ delivery: a })}
                lookup={lookupAddress}
              />
            )}
            {(dates.data?.length ?? 0) > 0 && (
              <Select
                label={t('subLines.create.deliveryDate')}
                data={(dates.data ?? []).map((d) => ({ value: d, label: formatSg(d, 'weekday') }))}
                value={delivery.deliveryDate ?? null}
                onChange={(d) => setDelivery({ deliveryDate: d })}
                error={form.errors['delivery.deliveryDate'] ?? serverErrors.deliveryDate}
                required
              />
            )}
            {!shipsToAddress(method) && <Text>{t('subLines.create.esimNote')}</Text>}
          </Section>
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('subLines.create.submit')}
            </Button>
            <Button component={Link} to={pathFor('mobileSubLine')} variant="default">
              {t('subLines.create.back')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
