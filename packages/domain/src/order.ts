/**
 * The order wizard's schemas and rules, imported as `@selfcare/domain/order`. They are kept out of
 * the package index because zod schemas built at module level cannot be tree-shaken: every page that
 * imports the index would carry them (the login page's size budget).
 */
export * from './ordering/account-rules.ts';
export * from './ordering/catalog.ts';
export * from './ordering/delivery.ts';
export * from './ordering/enums.ts';
export * from './ordering/fees.ts';
export * from './ordering/identity.ts';
export * from './ordering/messages.ts';
export * from './ordering/payment-verdict.ts';
export * from './ordering/quote.ts';
export * from './schemas/account.ts';
export * from './schemas/checkout.ts';
export * from './schemas/delivery.ts';
export * from './schemas/myinfo.ts';
export * from './schemas/order.ts';
export * from './schemas/porting.ts';
export * from './schemas/sub-line.ts';
