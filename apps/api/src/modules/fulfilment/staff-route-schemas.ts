import { Messages, ORDER_STATUSES } from '@selfcare/domain';
import { z } from 'zod';

/** What the staff console's order and SIM routes share: an order's status, its id in the path, a page of a list. */
export const orderStatus = z.enum(ORDER_STATUSES);

export const orderParams = z.object({ id: z.uuid({ error: Messages.notFound }) });

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
