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
  /** The files behind `account.documents`, by side. */
  documents: DocumentFiles | null;
  delivery: {
    deliveryMethod: number | null;
    delivery?: Address | null;
    deliveryDate?: string | null;
    billingSameAsDelivery: boolean;
    billing?: Address | null;
  } | null;
  /** `idNumberRegistered`: the ID number MyInfo gave already has an account. */
  myinfo: (MyinfoPrefill & { idNumberRegistered: boolean }) | null;
  reservation: { numbers: string[]; until: string } | null;
}
/** An uploaded side as the draft keeps it. */
export interface DocumentFile {
  id: string;
  fileName: string;
}
export type DocumentFiles = { front: DocumentFile | null; back: DocumentFile | null };
export interface Summary {
  lines: SummaryLine[];
  quote: Quote;
  roadshow: boolean;
  typeSim: number;
  delivery: {
    deliveryMethod: number | null;
    delivery?: Address | null;
    deliveryDate?: string | null;
    billingSameAsDelivery: boolean;
    billing?: Address | null;
  };
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
