/**
 * The customer portal's features, one line each, with the pages each serves by route name. A new
 * feature is its folder under features/ and its line here; its route, title and menu entry come from
 * the domain route table, and its texts load with its pages.
 */
export { pages as account } from '../features/account/pages.ts';
export { pages as activation } from '../features/activation/pages.ts';
export { pages as auth } from '../features/auth/pages.ts';
export { pages as bills } from '../features/bills/pages.ts';
export { pages as help } from '../features/help/pages.ts';
export { pages as lines } from '../features/lines/pages.ts';
export { pages as order } from '../features/order/pages.ts';
export { pages as orders } from '../features/orders/pages.ts';
export { pages as products } from '../features/products/pages.ts';
export { pages as profile } from '../features/profile/pages.ts';
export { pages as services } from '../features/services/pages.ts';
export { pages as sublines } from '../features/sublines/pages.ts';
export { pages as usage } from '../features/usage/pages.ts';
