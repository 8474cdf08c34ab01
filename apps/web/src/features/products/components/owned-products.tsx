import { Paper, Stack, Text, Title } from '@mantine/core';
import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { detailPath, linesPath, type ProductArea } from './areas.ts';
import { isShareable, linesText, untilText } from './format.ts';
import '../texts.ts';

/** One group (shareable, non-shareable, the plan's) as a list under its heading, or 'none'. */
export function GroupList({
  heading,
  items,
  empty,
}: {
  heading: string;
  items: ReactNode[];
  /** What shows instead of an empty list ('None right now.' unless told). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={3} size="h4" id={headingId}>
        {heading}
      </Title>
      {items.length === 0 ? (
        (empty ?? <Text size="sm">{t('products.groupNone')}</Text>)
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {items}
        </Stack>
      )}
    </Stack>
  );
}

/** A product the lines have: its name, the lines it serves, until when, and its pages. */
function OwnedItem({
  product,
  view,
  area,
  shareable,
  links,
}: {
  product: LineProduct;
  view: ProductsView;
  area: ProductArea;
  shareable: boolean;
  links: boolean;
}) {
  const { t } = useTranslation();
  const lines = linesText(product.lineIds, view.lines);
  const until = untilText(product);
  const names = { name: product.name, lines };
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text fw={600}>{product.name}</Text>
        <Text size="sm">{t('products.owned.serves', { lines })}</Text>
        {until && <Text size="sm">{until}</Text>}
        {product.state === 'pending' && <Text size="sm">{t('products.owned.pending')}</Text>}
        {product.payment === 'refunded' && <Text size="sm">{t('products.owned.refunded')}</Text>}
        {links && (
          <Text size="sm">
            <Link to={detailPath(area, product.id)} aria-label={t('products.owned.detailsLabel', names)}>
              {t('products.owned.details')}
            </Link>
            {shareable && product.payment !== 'refunded' && (
              <>
                {' · '}
                <Link
                  to={linesPath(area, product.id)}
                  aria-label={t('products.owned.changeLinesLabel', names)}
                >
                  {t('products.owned.changeLines')}
                </Link>
              </>
            )}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The products of a page the lines have, under its heading: the shareable ones (served to the lines
 * chosen), the lines' own, and `extra` groups after them (a plan's own roaming).
 */
export function OwnedProducts({
  heading,
  products,
  view,
  area,
  extra,
  links = true,
}: {
  heading: string;
  products: readonly LineProduct[];
  view: ProductsView;
  area: ProductArea;
  extra?: ReactNode;
  /** Whether each links to its pages (the area's pages may be closed to the customer). */
  links?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const item = (p: LineProduct, shareable: boolean) => (
    <OwnedItem key={p.id} product={p} view={view} area={area} shareable={shareable} links={links} />
  );
  const shared = products.filter((p) => isShareable(p, view.catalog));
  const own = products.filter((p) => !isShareable(p, view.catalog));
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      <GroupList heading={t('products.groups.shareable')} items={shared.map((p) => item(p, true))} />
      <GroupList heading={t('products.groups.nonShareable')} items={own.map((p) => item(p, false))} />
      {extra}
    </Stack>
  );
}
