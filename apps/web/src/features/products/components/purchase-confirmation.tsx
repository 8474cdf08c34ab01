import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, pathFor } from '@selfcare/domain';
import type { CatalogProduct, ProductLine, ProductsView } from '@selfcare/domain/contracts/products';
import { roamingPackWindow } from '@selfcare/domain/products';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useSubscribe } from '../api/products.ts';
import { cardName, dayText, linesText } from './format.ts';
import { focusOnShow } from './inline-confirm.ts';
import '../texts.ts';

/** What the customer agrees to before buying: what is charged, to what, and for how long. */
export function purchaseText(
  product: CatalogProduct,
  lineIds: readonly string[],
  lines: readonly ProductLine[],
  card: ProductsView['card'],
  t: (key: string, vars?: Record<string, unknown>) => string,
  startDate?: string,
): string {
  const vars = {
    name: product.name,
    lines: linesText(lineIds, lines),
    price: formatMoney(product.priceCents),
  };
  if (product.recurrence === 'monthly') return t('products.buy.confirmMonthly', vars);
  if (!card) return t('products.buy.noCard');
  // A roaming pack's days, from the day it starts (ADR 0041).
  if (product.kind === 'roaming-pack') {
    const window = roamingPackWindow(startDate, new Date(), product.validityDays ?? 0);
    return t('products.buy.confirmFromTo', {
      ...vars,
      card: cardName(card),
      from: dayText(window.firstDay),
      to: dayText(window.lastDay),
    });
  }
  return t('products.buy.confirmOnce', { ...vars, card: cardName(card), days: product.validityDays ?? 30 });
}

/**
 * The confirmation of one purchase: its text, Confirm and Cancel. Each confirmation is one purchase
 * (one request key): pressing Confirm again, or again after a lost answer, cannot buy twice. A
 * declined card ends that purchase, so trying again after correcting the card is a new one. The
 * keyboard lands on the text as it shows, so that what is charged is read first.
 */
export function PurchaseConfirmation({
  product,
  lineIds,
  lines,
  card,
  onDone,
  onCancel,
  startDate,
}: {
  /** A roaming pack's first day (YYYY-MM-DD, Singapore), when it is not today. */
  startDate?: string;
  product: CatalogProduct;
  lineIds: string[];
  lines: readonly ProductLine[];
  card: ProductsView['card'];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const buy = useSubscribe(product.kind);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [declined, setDeclined] = useState(false);
  const noCard = product.recurrence === 'once' && !card;
  const refusedCard = buy.error instanceof ApiError && buy.error.status === 402;

  const confirm = () => {
    setDeclined(false);
    const [lineId] = lineIds;
    if (!lineId) return;
    buy.mutate(
      {
        code: product.code,
        lineId,
        ...(product.shareable ? { lineIds } : {}),
        requestKey,
        priceCents: product.priceCents,
        ...(startDate ? { startDate } : {}),
      },
      {
        onSuccess: (res) => {
          if (res.data.state === 'failed') {
            setDeclined(true);
            setRequestKey(crypto.randomUUID());
            return;
          }
          notifySuccess(res.message);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 402) setRequestKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" ref={focusOnShow} tabIndex={-1}>
        {purchaseText(product, lineIds, lines, card, t, startDate)}
      </Text>
      <Group>
        {!noCard && (
          <Button
            loading={buy.isPending}
            onClick={confirm}
            aria-label={t('products.buy.confirmLabel', { name: product.name })}
          >
            {t('products.confirm')}
          </Button>
        )}
        <Button
          variant="default"
          disabled={buy.isPending}
          onClick={onCancel}
          aria-label={t('products.buy.cancelLabel', { name: product.name })}
        >
          {t('products.cancel')}
        </Button>
      </Group>
      {/* A declined saved card: no card fields here, so the way to change it is linked. */}
      {(declined || refusedCard) && (
        <>
          <FormError message={t('products.buy.declined')} />
          <Anchor component={Link} to={`${pathFor('bills')}#saved-card`} size="sm">
            {t('products.buy.changeCard')}
          </Anchor>
        </>
      )}
      {!declined && !refusedCard && buy.error && <FormError message={buy.error.message} />}
    </Stack>
  );
}
