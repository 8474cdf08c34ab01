import { Button, Paper, Stack, Text } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useChangeLines } from '../api/products.ts';
import { AREA_KINDS, detailPath, type ProductArea } from './areas.ts';
import { isShareable, linesText, mayChangeLines } from './format.ts';
import { LinePicker } from './line-picker.tsx';
import { BackLink, productOf } from './product-detail.tsx';
import { ProductPage } from './product-page.tsx';
import '../texts.ts';

/** The lines a shareable product serves, as boxes to tick, saved together. */
function LinesForm({ product, view, area }: { product: LineProduct; view: ProductsView; area: ProductArea }) {
  const { t } = useTranslation();
  const change = useChangeLines(product.kind);
  const active = view.lines.filter((l) => l.state === 'active');
  const [chosen, setChosen] = useState<string[]>(() =>
    product.lineIds.filter((id) => active.some((l) => l.id === id)),
  );
  const [error, setError] = useState<string | null>(null);
  const open = mayChangeLines(product);
  const served = linesText(product.lineIds, view.lines);

  const save = () => {
    if (chosen.length === 0) {
      setError(t('products.buy.chooseLine'));
      return;
    }
    change.mutate({ id: product.id, lineIds: chosen }, { onSuccess: (res) => notifySuccess(res.message) });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Text fw={600}>{product.name}</Text>
        <Text size="sm">{t('products.owned.serves', { lines: served })}</Text>
        <LinePicker
          shareable
          lines={active}
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            if (ids.length) setError(null);
          }}
          label={t('products.lines.label')}
          error={error}
          disabled={!open || change.isPending}
        />
        {change.error && <FormError message={change.error.message} />}
        {product.state === 'pending' && <Text>{t('products.lines.pending')}</Text>}
        {product.state === 'active' && !open && <Text>{t('products.notChangeable')}</Text>}
        {open && (
          <Button
            onClick={save}
            loading={change.isPending}
            aria-label={t('products.lines.saveLabel', { name: product.name })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('products.lines.save')}
          </Button>
        )}
        <Text>
          <Link
            to={detailPath(area, product.id)}
            aria-label={t('products.owned.detailsLabel', { name: product.name, lines: served })}
          >
            {t('products.owned.details')}
          </Link>
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /manage/booster/:id/editShareable and /manage/roaming/:id/editShareable: which of the account's
 * active lines a shareable product serves, changed and saved (a monthly booster: once a month).
 */
export function EditLinesPage({ route, area }: { route: RouteDef; area: ProductArea }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <ProductPage route={route} kinds={AREA_KINDS[area]}>
      {(view) => {
        const product = productOf(view, id);
        return (
          <>
            {!product ? (
              <Text>{t(`products.detail.notFound.${area}`)}</Text>
            ) : isShareable(product, view.catalog) ? (
              <LinesForm product={product} view={view} area={area} />
            ) : (
              <Text>{t('products.lines.notShareable')}</Text>
            )}
            <BackLink area={area} />
          </>
        );
      }}
    </ProductPage>
  );
}
