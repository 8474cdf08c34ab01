import type { MenuItem, RouteDef } from '@selfcare/domain';
import { t } from './i18n.ts';

/**
 * A page's title in the reader's language (ADR 0055). English's are the spec's titles, held to the
 * domain's route table by a test; a route without one shows the default title.
 */
export const pageTitle = (route: RouteDef | undefined) =>
  route?.title ? t(`routes.${route.name}`) : t('routes.default');

/** A menu item's title: its page's, or its own where it has one ('All of Manage…'). */
export const menuTitle = (item: MenuItem) =>
  item.id === item.value ? t(`routes.${item.value}`) : t(`menuTitles.${item.id}`);

/** What a menu item's page is for, in the reader's language (its texts: menu-texts.ts, which the menus load). */
export const menuDescription = (item: MenuItem) => t(`menu.${item.id}`);
