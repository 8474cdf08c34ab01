import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { CatalogProduct, ProductsView } from '@selfcare/domain/contracts/products';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { linesFor, priceText } from './format.ts';
import { useInlineConfirm } from './inline-confirm.ts';
import { LinePicker } from './line-picker.tsx';
import { PurchaseConfirmation } from './purchase-confirmation.tsx';
import '../texts.ts';

/**
 * One product on sale: what it gives and costs, the lines it is for, and buying it once the customer
 * has read what is charged. The keyboard goes to what is charged as it shows, and back to Buy after.
 */
function CatalogItem({ product, view }: { product: CatalogProduct; view: ProductsView }) {
  const { t } = useTranslation();
  const nameId = useId();
  const eligible = linesFor(product, view.lines);
  const first = eligible[0]?.id;
  const [chosen, setChosen] = useState<string[]>(() => (product.shareable || !first ? [] : [first]));
  const [lineError, setLineError] = useState<string | null>(null);
  const name = useRef<HTMLParagraphElement>(null);
  const confirmation = useInlineConfirm(name);
  const confirming = confirmation.open;
  const noCard = product.recurrence === 'once' && !view.card;

  const choose = (ids: string[]) => {
    setChosen(ids);
    if (ids.length) setLineError(null);
  };
  const start = () => {
    if (chosen.length === 0) setLineError(t('products.buy.chooseLine'));
    else confirmation.show();
  };
  const label = t(product.shareable ? 'products.buy.linesFor' : 'products.buy.lineFor', {
    name: product.name,
  });

  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="xs" role="group" aria-labelledby={nameId}>
        <Text fw={600} id={nameId} ref={name} tabIndex={-1}>
          {product.name}
        </Text>
        <Text size="sm">{ownWords(product.description, product.descriptions)}</Text>
        <Text size="sm">{priceText(product)}</Text>
        <LinePicker
          shareable={product.shareable}
          lines={eligible}
          value={chosen}
          onChange={choose}
          label={label}
          error={lineError}
          disabled={confirming}
        />
        {noCard && <Text size="sm">{t('products.buy.noCard')}</Text>}
        {!noCard && !confirming && (
          <Button
            ref={confirmation.openerRef}
            variant="light"
            onClick={start}
            aria-label={t('products.buy.buyLabel', { name: product.name })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('products.buy.buy')}
          </Button>
        )}
        {confirming && (
          <PurchaseConfirmation
            product={product}
            lineIds={chosen}
            lines={view.lines}
            card={view.card}
            onDone={() => {
              confirmation.hide();
              if (product.shareable) setChosen([]);
            }}
            onCancel={confirmation.hide}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** A section of products on sale (boosters, lite top-ups) that at least one of the lines can have. */
export function CatalogList({
  heading,
  products,
  view,
}: {
  heading: string;
  products: readonly CatalogProduct[];
  view: ProductsView;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const offered = products.filter((p) => linesFor(p, view.lines).length > 0);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {offered.length === 0 ? (
        <Text>{t('products.nothingToBuy')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {offered.map((p) => (
            <CatalogItem key={p.code} product={p} view={view} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
