import { DeliveryMethod, TypeSim } from '../enums.ts';

/**
 * The delivery methods a SIM type may use: an eSIM is released after eSIM ID verification; a
 * physical SIM travels by home delivery, postal mail, self-collection or other (ADR 0009).
 */
export function deliveryMethodsFor(typeSim: number): DeliveryMethod[] {
  return typeSim === TypeSim.ESim
    ? [DeliveryMethod.ESimIdVerification]
    : [
        DeliveryMethod.HomeDelivery,
        DeliveryMethod.PostalMail,
        DeliveryMethod.SelfCollection,
        DeliveryMethod.Other,
      ];
}

/** Whether a method sends something to an address (and so needs a delivery address). */
export const shipsToAddress = (method: number | null): method is DeliveryMethod =>
  method !== null && method !== DeliveryMethod.ESimIdVerification;

/** An address OneMap found at a postal code, as the lookup of step 4 answers it. */
export interface FoundAddress {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building: string;
  address: string;
}
