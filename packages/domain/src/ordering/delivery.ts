import { DeliveryMethod, TypeSim } from '../enums.ts';

/**
 * The delivery methods a SIM type may use: an eSIM is released after eSIM ID verification; a
 * physical SIM travels by home delivery, postal mail, self-collection or other (ADR 0009).
 */
export function deliveryMethodsFor(typeSim: number): readonly [DeliveryMethod, ...DeliveryMethod[]] {
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

/**
 * An address OneMap found at a postal code, as the lookup of step 4 answers it. Looked up for home
 * delivery, it also says whether the courier delivers there (absent when that cannot be told now).
 */
export interface FoundAddress {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building: string;
  address: string;
  deliverable?: boolean;
}

/** An address on one line, as Singapore writes it: block and street, unit and building, postal code. */
export function formatAddress(a: {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building?: string | null;
  unitNumber?: string | null;
}): string {
  const join = (parts: (string | null | undefined)[], by: string) =>
    parts
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(by);
  return join(
    [
      join([a.blockNumber, a.roadName], ' '),
      join([a.unitNumber, a.building], ' '),
      `Singapore ${a.postalCode}`,
    ],
    ', ',
  );
}
