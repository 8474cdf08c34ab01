import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@selfcare/domain';
import type { LineRoaming, RoamingView } from '@selfcare/domain/contracts/products';
import { ProductMessages } from '@selfcare/domain/products';
import { lineRoamingInputSchema } from '@selfcare/domain/schemas/products';
import { useId, useRef, useState } from 'react';
import { safeParse } from 'zod/mini';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import type { useSaveLineRoaming } from '../api/line-roaming.ts';
import '../texts.ts';

/**
 * The cap typed in dollars as whole cents, or why it cannot be saved: the same bounds and text as
 * when the cap is sent.
 */
export function capCentsOf(dollars: number | string): { cents: number } | { error: string } {
  const value = dollars === '' ? Number.NaN : Number(dollars);
  if (!Number.isFinite(value)) return { error: ProductMessages.capRange };
  const cents = Math.round(value * 100);
  const checked = safeParse(lineRoamingInputSchema, { capCents: cents });
  return checked.success
    ? { cents }
    : { error: checked.error.issues[0]?.message ?? ProductMessages.capRange };
}

const dollarsOf = (cents: number | null) => (cents === null ? '' : cents / 100);

/**
 * A line's monthly roaming spend cap: this month's charged roaming, the cap and how near it is, and
 * setting or removing it. `busy` while anything else of the line is being saved.
 */
export function RoamingCap({
  line,
  name,
  bounds,
  save,
  busy,
}: {
  line: LineRoaming;
  /** The line as its owner reads it. */
  name: string;
  bounds: Pick<RoamingView, 'capMinCents' | 'capMaxCents'>;
  save: ReturnType<typeof useSaveLineRoaming>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dollars, setDollars] = useState<number | string>(() => dollarsOf(line.capCents));
  const [invalid, setInvalid] = useState<string | null>(null);
  const saving = save.isPending ? save.variables?.capCents : undefined;

  const send = (capCents: number | null) =>
    save.mutate(
      { capCents },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setDollars(dollarsOf(res.data.capCents));
          // Remove cap is gone once the cap is: the keyboard goes to the cap's heading instead.
          if (capCents === null) heading.current?.focus();
        },
      },
    );
  const submit = () => {
    const typed = capCentsOf(dollars);
    if ('error' in typed) setInvalid(typed.error);
    else send(typed.cents);
  };

  return (
    <Stack gap={4} role="group" aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId} ref={heading} tabIndex={-1}>
        {t('products.lineRoaming.cap')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('products.lineRoaming.capHelp')}
      </Text>
      <Text size="sm">{t('products.lineRoaming.spent', { amount: formatMoney(line.spentCents) })}</Text>
      <Text size="sm">
        {line.capCents === null
          ? t('products.lineRoaming.noCap')
          : t('products.lineRoaming.capIs', { amount: formatMoney(line.capCents) })}
      </Text>
      {line.capState === 'warned' && (
        <Text size="sm" fw={600}>
          {t('products.lineRoaming.warned')}
        </Text>
      )}
      {line.capState === 'reached' && (
        <Text size="sm" fw={600} c="red.9">
          {t('products.lineRoaming.reached')}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs" mt="xs">
          <NumberInput
            label={t('products.lineRoaming.capInput', { line: name })}
            value={dollars}
            onChange={(value) => {
              setDollars(value);
              setInvalid(null);
              if (save.isError) save.reset();
            }}
            min={bounds.capMinCents / 100}
            max={bounds.capMaxCents / 100}
            step={1}
            decimalScale={2}
            clampBehavior="none"
            allowNegative={false}
            error={tm(invalid ?? save.error?.message ?? '') || undefined}
            disabled={busy}
            maw={260}
          />
          <Group gap="sm">
            <Button
              type="submit"
              loading={saving !== undefined && saving !== null}
              disabled={busy}
              aria-label={t('products.lineRoaming.saveCapLabel', { line: name })}
            >
              {t('products.lineRoaming.saveCap')}
            </Button>
            {line.capCents !== null && (
              <Button
                type="button"
                variant="default"
                loading={saving === null}
                disabled={busy}
                onClick={() => {
                  setInvalid(null);
                  send(null);
                }}
                aria-label={t('products.lineRoaming.removeCapLabel', { line: name })}
              >
                {t('products.lineRoaming.removeCap')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
