import { OrderMessages } from '@selfcare/domain/order';
import { AppError } from '../errors.ts';
import { type MvneNumberInventory, MvneUnavailableError } from './mvne.ts';

export const NUMBERS_PAGE_SIZE = 20;

/**
 * A page of the MVNE's free new numbers containing `contains`, as the order wizard and the number
 * change offer them; the MVNE out of reach is a 503 with a message to try again.
 */
export async function numberPage(
  numbers: Pick<MvneNumberInventory, 'availableNumbers'>,
  contains: string,
  page: number,
) {
  try {
    const found = await numbers.availableNumbers(contains, (page - 1) * NUMBERS_PAGE_SIZE, NUMBERS_PAGE_SIZE);
    return {
      numbers: found.numbers,
      page,
      pageSize: NUMBERS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(found.total / NUMBERS_PAGE_SIZE)),
      total: found.total,
    };
  } catch (err) {
    if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
    throw err;
  }
}
