import { Text } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { AREA_KINDS } from '../components/areas.ts';
import { CatalogList } from '../components/catalog-list.tsx';
import { OwnedProducts } from '../components/owned-products.tsx';
import { ProductPage } from '../components/product-page.tsx';
import '../texts.ts';

/**
 * /manage/booster: the boosters and lite top-ups the lines have, shareable and not, then buying a
 * booster or a lite top-up for chosen lines, charged as the confirmation says.
 */
export default function BoosterPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <ProductPage route={route} kinds={AREA_KINDS.booster}>
      {(view) => (
        <>
          <Text>{t('products.intro.booster')}</Text>
          {view.lines.length === 0 && <Text>{t('products.noLines')}</Text>}
          <OwnedProducts
            heading={t('products.sections.yourBoosters')}
            products={view.products}
            view={view}
            area="booster"
          />
          <CatalogList
            heading={t('products.sections.buyBooster')}
            products={view.catalog.filter((p) => p.kind === 'booster')}
            view={view}
          />
          <CatalogList
            heading={t('products.sections.topUp')}
            products={view.catalog.filter((p) => p.kind === 'top-up')}
            view={view}
          />
        </>
      )}
    </ProductPage>
  );
}
