import { DeliveryMethod, Messages } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import {
  type DeliveryStep,
  deliveryMethodsFor,
  type FoundAddress,
  OrderMessages,
  shipsToAddress,
} from '@selfcare/domain/order';
import { AppError } from '../../errors.ts';
import { type AddressClient, AddressUnavailableError } from '../../integrations/address.ts';

/**
 * The addresses at a postal code; none when OneMap cannot read it. Looked up for home delivery, each
 * says whether the courier delivers there, so the customer learns it at once; when the courier
 * cannot be asked now, saving asks again.
 */
export async function lookupAddress(address: AddressClient, postalCode: string, method?: DeliveryMethod) {
  let found: FoundAddress[];
  try {
    found = await address.byPostalCode(postalCode);
  } catch (err) {
    if (err instanceof AddressUnavailableError)
      throw AppError.field('postalCode', OrderMessages.addressLookupUnavailable, 503);
    throw err;
  }
  if (method !== DeliveryMethod.HomeDelivery || !found.length) return found;
  const deliverable = await address.deliverable(postalCode).catch((err: unknown) => {
    if (err instanceof AddressUnavailableError) return undefined;
    throw err;
  });
  return deliverable === undefined ? found : found.map((a) => ({ ...a, deliverable }));
}

/**
 * How a SIM of `typeSim` reaches the customer, checked: eSIMs use eSIM ID verification, physical SIMs
 * any other method; a date must be one the method offers today; home delivery needs an address the
 * courier serves. Answers the method, address and date as they are kept.
 */
export async function checkDelivery(
  address: AddressClient,
  now: Date,
  typeSim: number,
  input: Pick<DeliveryStep, 'deliveryMethod' | 'delivery' | 'deliveryDate'>,
) {
  const method = input.deliveryMethod;
  if (method === null) throw AppError.field('deliveryMethod', Messages.required('Delivery method'));
  if (!deliveryMethodsFor(typeSim).includes(method))
    throw AppError.field('deliveryMethod', OrderMessages.deliveryMethodNotForSim);
  const options = deliveryDateOptions(now, method);
  const date = options.length ? (input.deliveryDate ?? null) : null;
  if (options.length && (!date || !options.includes(date)))
    throw AppError.field('deliveryDate', OrderMessages.chooseDeliveryDate);
  const delivery = shipsToAddress(method) ? (input.delivery ?? null) : null;
  if (method === DeliveryMethod.HomeDelivery && delivery) {
    let deliverable: boolean;
    try {
      deliverable = await address.deliverable(delivery.postalCode);
    } catch (err) {
      if (err instanceof AddressUnavailableError)
        throw new AppError(503, OrderMessages.deliveryCheckUnavailable);
      throw err;
    }
    if (!deliverable) throw AppError.field('delivery.postalCode', OrderMessages.deliveryUnavailable);
  }
  return { deliveryMethod: method, delivery, deliveryDate: date };
}
