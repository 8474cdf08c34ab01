import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, type RouteDef } from '@selfcare/domain';
import type {
  CatalogProduct,
  LineProduct,
  ProductLine,
  ProductsView,
} from '@selfcare/domain/contracts/products';
import type { ProductKind } from '@selfcare/domain/products';
import { useId, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { useSession } from '../../../lib/session.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useSubscribe, useUnsubscribe } from '../api/products.ts';
import { CatalogList } from './catalog-list.tsx';
import { IddRates } from './idd-rates.tsx';
import { focusOnShow, useInlineConfirm } from './inline-confirm.ts';
import { lineName } from './line-heading.ts';
import { LineSection } from './line-section.tsx';
import { OwnedProducts } from './owned-products.tsx';
import { ProductPage } from './product-page.tsx';
import '../texts.ts';

/** The last day a product serves: the day before the instant it ends. */
const lastDay = (endsAt: string) => formatSg(new Date(Date.parse(endsAt) - 1), 'day');

/**
 * One product for one line: what it is and costs, whether the line has it, and subscribing or
 * unsubscribing after the customer has read what it costs and until when. The keyboard goes to that
 * text as it shows, and back to the button after, or to the product's name when the button is gone
 * (once confirmed, the product is being set up, or ending).
 */
function ProductRow({
  kind,
  product,
  line,
  has,
  removalAt,
}: {
  kind: ProductKind;
  product: CatalogProduct;
  line: ProductLine;
  has: LineProduct | undefined;
  removalAt: string;
}) {
  const { t } = useTranslation();
  const subscribe = useSubscribe(kind);
  const unsubscribe = useUnsubscribe(kind);
  const name = useRef<HTMLParagraphElement>(null);
  const confirmation = useInlineConfirm(name);
  const confirming = confirmation.open;
  // One key per confirmation: a second click on it is the same subscription.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const nameId = useId();
  const price = formatMoney(product.priceCents);
  const names = { name: product.name, line: lineName(line) };
  const busy = subscribe.isPending || unsubscribe.isPending;
  const error = subscribe.error ?? unsubscribe.error;

  const confirm = () => {
    const done = (message: string) => {
      notifySuccess(message);
      confirmation.hide();
      setRequestKey(crypto.randomUUID());
    };
    if (has) unsubscribe.mutate(has.id, { onSuccess: (res) => done(res.message) });
    else
      subscribe.mutate(
        { code: product.code, lineId: line.id, requestKey, priceCents: product.priceCents },
        { onSuccess: (res) => done(res.message) },
      );
  };

  // Serving, or set up to start on a later day (the network's start day), either way the line's.
  const on = has?.state === 'active' || has?.state === 'scheduled';
  const status =
    has?.state === 'active'
      ? t('products.state.active', { date: formatSg(has.startsAt ?? new Date(), 'day') })
      : has?.state === 'scheduled' && has.startsAt
        ? t('products.state.scheduled', { date: formatSg(has.startsAt, 'day') })
        : has?.state === 'pending'
          ? t('products.state.pending')
          : has?.state === 'ending' && has.endsAt
            ? t('products.state.ending', { date: lastDay(has.endsAt) })
            : null;

  return (
    <Stack gap={4} role="group" aria-labelledby={nameId}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text fw={600} id={nameId} ref={name} tabIndex={-1}>
            {product.name}
          </Text>
          <Text size="sm">{ownWords(product.description, product.descriptions)}</Text>
          <Text size="sm" c="dimmed">
            {t('products.perMonth', { price })}
          </Text>
        </div>
        {!confirming && !has && (
          <Button
            ref={confirmation.openerRef}
            variant="light"
            onClick={confirmation.show}
            aria-label={t('products.subscribeLabel', names)}
          >
            {t('products.subscribe')}
          </Button>
        )}
        {!confirming && on && has.changeable && (
          <Button
            ref={confirmation.openerRef}
            variant="default"
            onClick={confirmation.show}
            aria-label={t('products.unsubscribeLabel', names)}
          >
            {t('products.unsubscribe')}
          </Button>
        )}
      </Group>
      {status && (
        <Text size="sm" c={on ? 'green.8' : undefined}>
          {status}
        </Text>
      )}
      {on && !has.changeable && (
        <Text size="sm" c="dimmed">
          {t('products.notChangeable')}
        </Text>
      )}
      {confirming && (
        <Stack gap="xs">
          <Text size="sm" ref={focusOnShow} tabIndex={-1}>
            {has
              ? t('products.confirmUnsubscribe', { name: product.name, date: lastDay(removalAt) })
              : t('products.confirmSubscribe', { name: product.name, price })}
          </Text>
          <Group>
            <Button
              loading={busy}
              onClick={confirm}
              aria-label={t(
                has ? 'products.confirmUnsubscribeLabel' : 'products.confirmSubscribeLabel',
                names,
              )}
            >
              {t('products.confirm')}
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={confirmation.hide}
              aria-label={t(has ? 'products.cancelUnsubscribeLabel' : 'products.cancelSubscribeLabel', names)}
            >
              {t('products.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {error && <FormError message={error.message} />}
    </Stack>
  );
}

/**
 * The lite top-ups the lines have and those on sale, on /manage/addOn for every account holder
 * (ADR 0040): their detail pages are the Booster pages', linked only for a login that has those.
 */
function TopUps({ view }: { view: ProductsView }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const products = view.products.filter((p) => p.kind === 'top-up');
  return (
    <>
      <Text>{t('products.intro.topUp')}</Text>
      {products.length > 0 && (
        <OwnedProducts
          heading={t('products.sections.yourTopUps')}
          products={products}
          view={view}
          area="booster"
          links={!!user?.enable}
        />
      )}
      <CatalogList
        heading={t('products.sections.topUp')}
        products={view.catalog.filter((p) => p.kind === 'top-up')}
        view={view}
      />
    </>
  );
}

/** What each page of monthly products reads: an add-on page also sells lite top-ups (ADR 0040). */
const KINDS_OF: Record<'addon' | 'idd', readonly ProductKind[]> = {
  addon: ['addon', 'top-up'],
  idd: ['idd'],
};

/**
 * A page of monthly products (add-ons, IDD services): each line with what its plan may have, what
 * it has and until when, and subscribing and unsubscribing; on the add-on page, lite top-ups after.
 */
export function MonthlyProductsPage({ route, kind }: { route: RouteDef; kind: 'addon' | 'idd' }) {
  const { t } = useTranslation();
  return (
    <ProductPage route={route} kinds={KINDS_OF[kind]}>
      {(view) => {
        const { lines, removalAt, iddRates } = view;
        const catalog = view.catalog.filter((p) => p.kind === kind);
        const products = view.products.filter((p) => p.kind === kind);
        return (
          <Stack>
            <Text>{t(`products.intro.${kind}`)}</Text>
            {lines.length === 0 && <Text>{t('products.noLines')}</Text>}
            {lines.map((line) => {
              const offered = catalog.filter((p) => !p.planCodes || p.planCodes.includes(line.planCode));
              return (
                <LineSection key={line.id} line={line} subtitle={line.planName}>
                  {offered.length === 0 ? (
                    <Text>{t('products.none')}</Text>
                  ) : (
                    <Stack gap="lg">
                      {offered.map((p) => (
                        <ProductRow
                          key={p.code}
                          kind={kind}
                          product={p}
                          line={line}
                          has={products.find((x) => x.code === p.code && x.lineId === line.id)}
                          removalAt={removalAt}
                        />
                      ))}
                    </Stack>
                  )}
                </LineSection>
              );
            })}
            {kind === 'idd' && <IddRates rates={iddRates} />}
            {kind === 'addon' && lines.length > 0 && <TopUps view={view} />}
          </Stack>
        );
      }}
    </ProductPage>
  );
}
