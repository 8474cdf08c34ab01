import type { OrderUpdateEmail } from './order-emails.ts';

/**
 * The content of the emails the modules own, by module: each adds its templates' content type
 * (`declare module '../notifications/index.ts' { interface ModuleEmails { billing: BillEmail } }`), so
 * that queuing one of them is type-checked as notifications' own are (ADR 0048).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's email templates
export interface ModuleEmails {}

/** What an email job carries: notifications' one template or a module's. */
export type EmailContent = OrderUpdateEmail | ModuleEmails[keyof ModuleEmails];
