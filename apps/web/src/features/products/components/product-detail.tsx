import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type RouteDef } from '@selfcare/domain';
import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import { type RefObject, useRef } from 'react';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { useUnsubscribe } from '../api/products.ts';
import { AREA_KINDS, linesPath, listPath, type ProductArea } from './areas.ts';
import {
  catalogOf,
  countryName,
  isShareable,
  lastDay,
  linesText,
  priceText,
  stateKey,
  untilText,
} from './format.ts';
import { focusOnShow, useInlineConfirm } from './inline-confirm.ts';
import { ProductPage } from './product-page.tsx';
import '../texts.ts';

/**
 * Removing a monthly product: it serves, and is charged, to the end of the month. The keyboard goes
 * to that text as it shows, and back to Remove after, or to `fallback` (the product) once it is gone.
 */
function Removal({
  product,
  removalAt,
  fallback,
}: {
  product: LineProduct;
  removalAt: string;
  fallback: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const remove = useUnsubscribe(product.kind);
  const confirmation = useInlineConfirm(fallback);
  const names = { name: product.name };
  if (!confirmation.open)
    return (
      <Button
        ref={confirmation.openerRef}
        variant="default"
        onClick={confirmation.show}
        aria-label={t('products.detail.removeLabel', names)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('products.detail.remove')}
      </Button>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" ref={focusOnShow} tabIndex={-1}>
        {t('products.detail.confirmRemove', { name: product.name, date: lastDay(removalAt) })}
      </Text>
      <Group>
        <Button
          loading={remove.isPending}
          aria-label={t('products.detail.confirmRemoveLabel', names)}
          onClick={() =>
            remove.mutate(product.id, {
              onSuccess: (res) => {
                notifySuccess(res.message);
                confirmation.hide();
              },
            })
          }
        >
          {t('products.confirm')}
        </Button>
        <Button
          variant="default"
          disabled={remove.isPending}
          onClick={confirmation.hide}
          aria-label={t('products.detail.cancelRemoveLabel', names)}
        >
          {t('products.cancel')}
        </Button>
      </Group>
      {remove.error && <FormError message={remove.error.message} />}
    </Stack>
  );
}

/** What can be done with a product now, or why not. */
function Actions({
  product,
  view,
  fallback,
}: {
  product: LineProduct;
  view: ProductsView;
  fallback: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  if (product.payment === 'refunded') return <Text>{t('products.owned.refunded')}</Text>;
  if (product.state === 'pending') return <Text>{t('products.owned.pending')}</Text>;
  if (product.recurrence === 'once') return <Text>{t('products.detail.oneTime')}</Text>;
  if (product.state !== 'active') return null;
  if (!product.changeable) return <Text>{t('products.notChangeable')}</Text>;
  return <Removal product={product} removalAt={view.removalAt} fallback={fallback} />;
}

/**
 * One product the lines have, in full: what it is, the lines, its price, its state and its dates, as
 * a group named by the product (where the keyboard goes once a removal has changed what it shows).
 */
function Detail({ product, view, area }: { product: LineProduct; view: ProductsView; area: ProductArea }) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const sold = catalogOf(product, view.catalog);
  const lines = linesText(product.lineIds, view.lines);
  const price = sold
    ? priceText({ ...sold, priceCents: product.priceCents })
    : formatMoney(product.priceCents);
  const countries = sold?.countries.map(countryName).join(', ');
  return (
    <Paper withBorder p="lg" radius="md" role="group" aria-label={product.name} ref={group} tabIndex={-1}>
      <Stack>
        <DetailsList
          rows={[
            [t('products.detail.name'), product.name],
            [t('products.detail.lines'), lines],
            [t('products.detail.price'), price],
            [t('products.detail.state'), t(`products.detail.states.${stateKey(product)}`)],
            [
              t(product.state === 'scheduled' ? 'products.detail.starts' : 'products.detail.started'),
              product.startsAt && formatSg(product.startsAt, 'day'),
            ],
            [t('products.detail.until'), untilText(product)],
            [
              t('products.detail.validity'),
              product.recurrence === 'once' &&
                !!sold?.validityDays &&
                t('products.detail.days', { days: sold.validityDays }),
            ],
            [t('products.detail.countries'), !!countries && countries],
          ]}
        />
        {sold?.description && <Text size="sm">{ownWords(sold.description, sold.descriptions)}</Text>}
        <Actions product={product} view={view} fallback={group} />
        {isShareable(product, view.catalog) && product.payment !== 'refunded' && (
          <Text>
            <Link
              to={linesPath(area, product.id)}
              aria-label={t('products.owned.changeLinesLabel', { name: product.name, lines })}
            >
              {t('products.owned.changeLines')}
            </Link>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The link back to the family's list. */
export function BackLink({ area }: { area: ProductArea }) {
  const { t } = useTranslation();
  return (
    <Text>
      <Link to={listPath(area)}>{t(`products.detail.back.${area}`)}</Link>
    </Text>
  );
}

/** The product of the page's :id among those the lines have, or null when they have none such. */
export const productOf = (view: ProductsView, id: string | undefined) =>
  view.products.find((p) => p.id === id) ?? null;

/**
 * /manage/booster/:id/edit and /manage/roaming/:id/edit: one product in detail; a monthly one may be
 * removed to the end of the month. One that is not there (ended, or never the account's) says so.
 */
export function ProductDetailPage({ route, area }: { route: RouteDef; area: ProductArea }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <ProductPage route={route} kinds={AREA_KINDS[area]}>
      {(view) => {
        const product = productOf(view, id);
        return (
          <>
            {product ? (
              <Detail product={product} view={view} area={area} />
            ) : (
              <Text>{t(`products.detail.notFound.${area}`)}</Text>
            )}
            <BackLink area={area} />
          </>
        );
      }}
    </ProductPage>
  );
}
