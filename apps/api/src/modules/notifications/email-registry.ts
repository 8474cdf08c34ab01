import { z } from 'zod';
import type { Brand } from '../../config.ts';
import type { Rendered } from './email-layout.ts';
import { type OrderContent, type OrderWords, renderOrderEmail } from './order-emails.ts';
import { type EmailTemplate, emailTemplateSchema, renderEmail } from './templates.ts';

/** One template's content: its name in `template`, and the facts its text is written from. */
type Content = { template: string };

/**
 * A module's own emails (ADR 0048): the schema of each template's content and how it is written.
 * The module keeps them in its folder and adds them to notifications' `emailTemplates` in its `start`;
 * senders queue `sendEmailJob` with the content as before.
 */
export interface EmailTemplateGroup<T extends Content = Content> {
  /** Each template's content, its name a literal: `z.object({ template: z.literal('bill-overdue'), … })`. */
  schemas: readonly z.ZodObject[];
  render(brand: Brand, content: T): Rendered;
}

export const defineEmailTemplates = <T extends Content>(group: EmailTemplateGroup<T>) => group;

/**
 * A module's order emails (ADR 0048): their schemas and the words of each, written in the look every
 * order email shares.
 */
export const defineOrderEmails = <T extends OrderContent>(
  schemas: readonly z.ZodObject[],
  words: (t: T) => OrderWords,
) => defineEmailTemplates<T>({ schemas, render: (brand, t) => renderOrderEmail(brand, t, words(t)) });

const NOTIFICATIONS_OWN = new Set<string>(emailTemplateSchema.options.map((o) => o.shape.template.value));

/**
 * The content an email job carries: one of notifications' own templates, checked by its schema as it
 * is queued, or a module's, which is checked by the module's schema when it is written.
 */
export const emailContentSchema = z.union([
  emailTemplateSchema,
  z.looseObject({ template: z.string().refine((t) => !NOTIFICATIONS_OWN.has(t)) }),
]);

/**
 * The email templates of every module, by name: notifications' own and those the modules add as they
 * start. Writing an email checks its content with its template's schema; an unknown name fails the
 * send, which is retried, rather than sending an empty email.
 */
export class EmailTemplates {
  private readonly byName = new Map<string, { schema: z.ZodType; group: EmailTemplateGroup }>();

  add<T extends Content>(templates: EmailTemplateGroup<T>): void {
    // Each content is parsed by its own template's schema before it is rendered.
    const group = templates as unknown as EmailTemplateGroup;
    for (const schema of group.schemas) {
      const name = (schema.shape.template as z.ZodLiteral<string>).value;
      if (NOTIFICATIONS_OWN.has(name) || this.byName.has(name))
        throw new Error(`The email template '${name}' is declared twice`);
      this.byName.set(name, { schema, group });
    }
  }

  render(brand: Brand, content: Content): Rendered {
    const own = this.byName.get(content.template);
    if (own) return own.group.render(brand, own.schema.parse(content) as Content);
    if (NOTIFICATIONS_OWN.has(content.template)) return renderEmail(brand, content as EmailTemplate);
    throw new Error(`No module declares the email template '${content.template}'`);
  }
}
