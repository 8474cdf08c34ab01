import type { Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import type { OutgoingEmail } from '../../integrations/email.ts';
import type { Rendered } from './email-layout.ts';
import {
  type OrderContent,
  type OrderUpdateEmail,
  type OrderWords,
  orderUpdateEmail,
  renderOrderEmail,
} from './order-emails.ts';

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
  /** The email in `locale`, the customer's language (ADR 0055); a template not yet translated writes English. */
  render(brand: Brand, content: T, locale?: Locale): Rendered;
  /** Files sent with the email, such as an image its HTML shows (`cid:`). */
  attachments?(content: T): Promise<NonNullable<OutgoingEmail['attachments']>>;
  /**
   * The templates the customer's inbox keeps (ADR 0058), each with the portal's page it is about (a
   * path, or one built from the content), or null for none. A template not named here is not kept:
   * one that carries a code, a link that signs in, confirms or resets, or an eSIM's activation code.
   */
  inbox?: Partial<Record<T['template'], string | null | ((content: T) => string | null)>>;
  /**
   * The templates also pushed to the customer's browsers (ADR 0060), as a notification with the
   * email's subject, its first paragraph and its inbox page: what the issue names (usage, a bill, a
   * payment, the roaming cap, a port or number change, an order's progress). Each must be in `inbox`.
   */
  push?: readonly T['template'][];
  /**
   * A pushed template's tag, from its content: a later notification with the same tag replaces the
   * one still shown on the device (a line's alert at 100% replaces its alert at 80%).
   */
  pushTag?: Partial<Record<T['template'], (content: T) => string>>;
}

export const defineEmailTemplates = <T extends Content>(group: EmailTemplateGroup<T>) => group;

/** The portal page an email's `link` opens, for the inbox: its path ('/bills'). */
export const linkedPage = (content: object): string | null => {
  const link = 'link' in content ? content.link : undefined;
  if (typeof link !== 'string' || !link) return null;
  try {
    return new URL(link).pathname;
  } catch {
    return null;
  }
};

/**
 * A module's order emails (ADR 0048): their schemas and the words of each in the language it is
 * asked for (ADR 0055), written in the look every order email shares, in that language too.
 */
/** An `inbox` that keeps every one of `schemas`' templates, each linked to the page its `link` opens. */
export const everyLinked = <T extends Content>(schemas: readonly z.ZodObject[]) =>
  Object.fromEntries(
    schemas.map((s) => [(s.shape.template as z.ZodLiteral<string>).value, linkedPage]),
  ) as Partial<Record<T['template'], typeof linkedPage>>;

export const defineOrderEmails = <T extends OrderContent>(
  schemas: readonly z.ZodObject[],
  words: (t: T, locale: Locale) => OrderWords,
) =>
  defineEmailTemplates<T>({
    schemas,
    render: (brand, t, locale = 'en') => renderOrderEmail(brand, t, words(t, locale), locale),
    // Every order email is about its order: the inbox keeps it, linked to the order's page, and
    // its progress is pushed.
    inbox: everyLinked<T>(schemas),
    push: schemas.map((s) => (s.shape.template as z.ZodLiteral<string>).value) as T['template'][],
  });

/**
 * The content an email job carries: a template's name and its facts, checked by the template's schema
 * when it is written (the sender's types check it as it is queued).
 */
export const emailContentSchema = z.looseObject({ template: z.string() });

/**
 * The email templates of every module, by name: notifications' own and those the modules add as they
 * start. Writing an email checks its content with its template's schema; an unknown name fails the
 * send, which is retried, rather than sending an empty email.
 */
export class EmailTemplates {
  private readonly byName = new Map<string, { schema: z.ZodType; group: EmailTemplateGroup }>();

  constructor() {
    this.add<OrderUpdateEmail>({
      ...orderUpdateEmail,
      inbox: { 'order-update': linkedPage },
      push: ['order-update'],
    });
  }

  add<T extends Content>(templates: EmailTemplateGroup<T>): void {
    // Each content is parsed by its own template's schema before it is rendered.
    const group = templates as unknown as EmailTemplateGroup;
    for (const schema of group.schemas) {
      const name = (schema.shape.template as z.ZodLiteral<string>).value;
      if (this.byName.has(name)) throw new Error(`The email template '${name}' is declared twice`);
      this.byName.set(name, { schema, group });
    }
  }

  render(brand: Brand, content: Content, locale: Locale = 'en'): Rendered {
    const { group, parsed } = this.declared(content);
    return group.render(brand, parsed, locale);
  }

  /**
   * Whether the customer's inbox keeps this email, and the page it is about: `{ link }` when its
   * template says so, null when it does not.
   */
  inboxOf(content: Content): { link: string | null } | null {
    const { group, parsed } = this.declared(content);
    const page = (
      group.inbox as Record<string, string | null | ((c: Content) => string | null)> | undefined
    )?.[content.template];
    if (page === undefined) return null;
    return { link: typeof page === 'function' ? page(parsed) : page };
  }

  /**
   * Whether this email is also pushed to the customer's browsers (ADR 0060): null when not, or what
   * the notification adds to the email (its tag, when its template gives one).
   */
  pushOf(content: Content): { tag?: string } | null {
    const { group, parsed } = this.declared(content);
    if (!group.push?.includes(content.template)) return null;
    const tag = (group.pushTag as Record<string, (c: Content) => string> | undefined)?.[content.template];
    return tag ? { tag: tag(parsed) } : {};
  }

  /** What is sent with the email besides its text, as its template says. */
  async attachmentsOf(content: Content): Promise<OutgoingEmail['attachments']> {
    const { group, parsed } = this.declared(content);
    return group.attachments?.(parsed);
  }

  private declared(content: Content) {
    const own = this.byName.get(content.template);
    if (!own) throw new Error(`No module declares the email template '${content.template}'`);
    return { group: own.group, parsed: own.schema.parse(content) as Content };
  }
}
