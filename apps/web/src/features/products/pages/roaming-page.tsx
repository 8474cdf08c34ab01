import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLineRoaming } from '../api/line-roaming.ts';
import { AREA_KINDS } from '../components/areas.ts';
import { LineRoamingSection } from '../components/line-roaming.tsx';
import { OwnedProducts } from '../components/owned-products.tsx';
import { PlanRoamingGroup } from '../components/plan-roaming.tsx';
import { ProductPage } from '../components/product-page.tsx';
import { RoamingFinder } from '../components/roaming-finder.tsx';
import '../texts.ts';

/** The widths the shell lays out for a phone (app.css). */
const NARROW = '(max-width: 767px)';

/**
 * /manage/roaming: each line's roaming switched on or off and its monthly spend cap, then finding a
 * roaming pack by country and buying it for chosen lines (on a phone, finding a pack first), then the packs the lines have, shareable
 * and not, and the roaming data their plans include.
 */
export default function RoamingPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  // Read at the same time as the products, not once they have loaded.
  const lineRoaming = useLineRoaming();
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  return (
    <ProductPage route={route} kinds={AREA_KINDS.roaming}>
      {(view) => (
        <>
          <Text>{t('products.intro.roaming')}</Text>
          {view.lines.length === 0 && <Text>{t('products.noLines')}</Text>}
          {/* On a phone the pack finder comes before the lines' caps: it is what most come for. */}
          {narrow && <RoamingFinder key="finder" view={view} />}
          <LineRoamingSection key="caps" read={lineRoaming} />
          {!narrow && <RoamingFinder key="finder" view={view} />}
          <OwnedProducts
            heading={t('products.sections.yourRoaming')}
            products={view.products}
            view={view}
            area="roaming"
            extra={<PlanRoamingGroup view={view} />}
          />
        </>
      )}
    </ProductPage>
  );
}
