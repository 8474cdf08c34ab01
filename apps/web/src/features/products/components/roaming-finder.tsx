import { Button, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { ROAMING_START_MAX_DAYS, sgDayPlus } from '@selfcare/domain/products';
import { roamingStartDateOn } from '@selfcare/domain/schemas/products';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { sgToday } from '../../../lib/sg-today.ts';
import { byCountryName, countryName, linesFor, priceText } from './format.ts';
import { useInlineConfirm } from './inline-confirm.ts';
import { LinePicker } from './line-picker.tsx';
import { PurchaseConfirmation } from './purchase-confirmation.tsx';
import '../texts.ts';

/**
 * Finding and buying a roaming pack: the country first, then one of the packs that cover it, the
 * lines it is for, the day it starts (today, or up to 30 days ahead: ADR 0041), and Buy, which shows
 * what is charged and the days it is valid before anything is. The keyboard goes to what is charged
 * as it shows, and back to Buy after.
 */
export function RoamingFinder({ view }: { view: ProductsView }) {
  const { t } = useTranslation();
  const headingId = useId();
  const packs = view.catalog.filter((p) => p.kind === 'roaming-pack' && linesFor(p, view.lines).length > 0);
  const countries = [...new Set(packs.flatMap((p) => p.countries))]
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => byCountryName(a.value, b.value));
  const [country, setCountry] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [packError, setPackError] = useState<string | null>(null);
  const [lineError, setLineError] = useState<string | null>(null);
  const today = sgToday();
  const [startDate, setStartDate] = useState(today);
  const [startError, setStartError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmation = useInlineConfirm(heading);
  const confirming = confirmation.open;
  const covering = country ? packs.filter((p) => p.countries.includes(country)) : [];
  const pack = covering.find((p) => p.code === code);
  const eligible = pack ? linesFor(pack, view.lines) : [];

  const pickCountry = (next: string) => {
    setCountry(next);
    if (!packs.some((p) => p.code === code && p.countries.includes(next))) {
      setCode(null);
      setChosen([]);
    }
  };
  const pickPack = (next: string) => {
    const picked = packs.find((p) => p.code === next);
    setCode(next);
    setPackError(null);
    setLineError(null);
    const first = picked && linesFor(picked, view.lines)[0];
    setChosen(picked && !picked.shareable && first ? [first.id] : []);
  };
  const start = () => {
    // The same rule as the API's, on the browser's Singapore day.
    const day = roamingStartDateOn(sgToday()).safeParse(startDate);
    setStartError(day.success ? null : (day.error.issues[0]?.message ?? null));
    if (!pack) setPackError(t('products.roaming.chooseRoaming'));
    else if (chosen.length === 0) setLineError(t('products.buy.chooseLine'));
    else if (day.success) confirmation.show();
  };
  const done = () => {
    confirmation.hide();
    setCode(null);
    setChosen([]);
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId} ref={heading} tabIndex={-1}>
        {t('products.sections.findRoaming')}
      </Title>
      <NativeSelect
        label={t('products.roaming.country')}
        data={[{ value: '', label: t('products.roaming.chooseCountry') }, ...countries]}
        value={country}
        onChange={(e) => pickCountry(e.currentTarget.value)}
        disabled={confirming}
        maw={360}
      />
      <Radio.Group
        label={t('products.roaming.pack')}
        value={code}
        onChange={pickPack}
        error={packError ?? undefined}
        withAsterisk
      >
        <Stack gap="sm" mt="xs">
          {!country && <Text size="sm">{t('products.roaming.chooseCountryFirst')}</Text>}
          {country && covering.length === 0 && <Text size="sm">{t('products.roaming.noPack')}</Text>}
          {covering.map((p) => (
            <Radio
              key={p.code}
              value={p.code}
              label={p.name}
              description={`${priceText(p)}. ${ownWords(p.description, p.descriptions)}`}
              disabled={confirming}
            />
          ))}
        </Stack>
      </Radio.Group>
      {pack && (
        <LinePicker
          shareable={pack.shareable}
          lines={eligible}
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            if (ids.length) setLineError(null);
          }}
          label={t(pack.shareable ? 'products.buy.lines' : 'products.buy.line')}
          error={lineError}
          disabled={confirming}
        />
      )}
      <TextInput
        type="date"
        label={t('products.roaming.startDay')}
        description={t('products.roaming.startDayHelp', { days: ROAMING_START_MAX_DAYS })}
        value={startDate}
        min={today}
        max={sgDayPlus(today, ROAMING_START_MAX_DAYS)}
        onChange={(e) => {
          setStartDate(e.currentTarget.value);
          setStartError(null);
        }}
        error={startError ?? undefined}
        disabled={confirming}
        withAsterisk
        maw={360}
      />
      {!view.card && <Text size="sm">{t('products.buy.noCard')}</Text>}
      {view.card && !confirming && (
        <Button
          ref={confirmation.openerRef}
          onClick={start}
          aria-label={t('products.roaming.buyLabel')}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('products.buy.buy')}
        </Button>
      )}
      {confirming && pack && (
        <PurchaseConfirmation
          product={pack}
          lineIds={chosen}
          lines={view.lines}
          card={view.card}
          startDate={startDate > today ? startDate : undefined}
          onDone={done}
          onCancel={confirmation.hide}
        />
      )}
    </Stack>
  );
}
