/**
 * Every table, by the module that owns it. Code imports tables from here, and drizzle-kit reads the
 * whole schema through this file (drizzle.config.ts), so a module's new schema file is added here.
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
export * from '../modules/staff/staff.schema.ts';
