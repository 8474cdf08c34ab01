import { z } from 'zod';
import { Messages } from '../index.ts';

/** An order's id in the path of the staff console's order routes; an unknown one is not found. */
export const orderParams = z.object({ id: z.uuid({ error: Messages.notFound }) });
