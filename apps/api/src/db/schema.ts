/**
 * Every table, by the module that owns it, for code that reads several modules' tables (the staff
 * queue, the demo data, tests). A module's own code imports its tables from its own schema file;
 * drizzle-kit finds every `modules/<m>/<m>.schema.ts` itself (drizzle.config.ts).
 */
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/billing/billing.schema.ts';
export * from '../modules/catalog/catalog.schema.ts';
export * from '../modules/cis/cis.schema.ts';
export * from '../modules/documents/documents.schema.ts';
export * from '../modules/fulfilment/fulfilment.schema.ts';
export * from '../modules/lines/lines.schema.ts';
export * from '../modules/myinfo/myinfo.schema.ts';
export * from '../modules/orders/orders.schema.ts';
export * from '../modules/products/products.schema.ts';
export * from '../modules/profiles/profiles.schema.ts';
export * from '../modules/staff/staff.schema.ts';
export * from '../modules/system/system.schema.ts';
export * from '../modules/usage/usage.schema.ts';
export * from '../modules/users/users.schema.ts';
