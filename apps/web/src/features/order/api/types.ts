import type {
  Addon,
  Fees,
  MyinfoPrefill,
  NumberType,
  Plan,
  Quote,
  SummaryLine,
} from '@selfcare/domain/order';

export type { Addon, Plan };

export interface Offer {
  plans: Plan[];
  addons: Addon[];
  fees: Fees;
  maxLines: number;
  networks: { id: number; name: string }[];
}
export interface Address {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building?: string | null;
  unitNumber?: string | null;
}
export interface Draft {
  plan: { typeSim: number; lines: { planCode: string; addonCodes: string[] }[] } | null;
  numbers: {
    lines: {
      numberType: NumberType;
      msisdn: string;
      donorNetwork: number | null;
      confirmPostpaid?: boolean;
    }[];
  } | null;
  account:
    | (Record<string, unknown> & { documents?: { front: string | null; back: string | null } | null })
    | null;
  delivery: {
    deliveryMethod: number | null;
    delivery?: Address | null;
    deliveryDate?: string | null;
    billingSameAsDelivery: boolean;
    billing?: Address | null;
  } | null;
  myinfo: MyinfoPrefill | null;
  reservation: { numbers: string[]; until: string } | null;
}
export interface Summary {
  lines: SummaryLine[];
  quote: Quote;
  roadshow: boolean;
  typeSim: number;
  account: { fullName: string; idNumber: string; contactNumber: string };
  reservationUntil: string | null;
}
export interface PlacedOrder {
  id: string;
  orderNumber: string;
  status: string;
  totalCents: number;
  dueNowCents: number;
  createdAt: string;
}
