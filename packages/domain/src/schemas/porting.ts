import * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import { isValidNricOrFin } from '../nric.ts';
import { NETWORKS } from '../ordering/enums.ts';
import { text } from './fields.ts';

/**
 * /manage/numberPort/{id}/edit: the donor network and the ID number the number is registered to
 * there. An NRIC or FIN must have its right check letter; anything else is read as a passport number.
 */
export const portEditSchema = z.object({
  donorNetwork: z
    .number({ error: Messages.required('Current network') })
    .check(
      z.int(Messages.invalid('Current network')),
      z.gte(0, Messages.invalid('Current network')),
      z.lt(NETWORKS.length, Messages.invalid('Current network')),
    ),
  donorIdNumber: z.pipe(
    text('ID number').check(z.trim(), z.minLength(1, Messages.required('ID number')), z.toUpperCase()),
    z
      .string()
      .check(
        z.refine(
          (v: string) => (/^[STFGM]\d{7}[A-Z]$/.test(v) ? isValidNricOrFin(v) : /^[A-Z0-9]{5,20}$/.test(v)),
          Messages.invalid('ID number'),
        ),
      ),
  ),
});
export type PortEditInput = z.input<typeof portEditSchema>;
