import { z } from 'zod/mini';
import { NumberType, PLAN_GROUPS } from '../ordering/enums.ts';
import { feesSchema } from './settings.ts';

const cents = z.int();

/** An operator's text in the other languages staff wrote it in (`Translations`); English is beside it. */
export const translationsSchema = z.object({
  zh: z.optional(z.string()),
  ms: z.optional(z.string()),
  ta: z.optional(z.string()),
});

/** A plan of the offer. */
const planSchema = z.object({
  code: z.string(),
  name: z.string(),
  group: z.enum(PLAN_GROUPS),
  companyCode: z.nullable(z.string()),
  monthlyCents: cents,
  dataGb: z.nullable(z.int()),
  talkMinutes: z.nullable(z.int()),
  sms: z.nullable(z.int()),
  roamingGb: z.int(),
  description: z.string(),
  descriptions: translationsSchema,
});
export type OfferPlan = z.infer<typeof planSchema>;

/** An add-on of the offer. */
const addonSchema = z.object({
  code: z.string(),
  name: z.string(),
  monthlyCents: cents,
  description: z.string(),
  descriptions: translationsSchema,
  /** The plans it may be added to; null for every plan. */
  planCodes: z.nullable(z.array(z.string())),
});
export type OfferAddon = z.infer<typeof addonSchema>;

/** GET /api/v1/orders/offer: plans, add-ons, fees and limits for a new order. */
export const offerSchema = z.object({
  plans: z.array(planSchema),
  addons: z.array(addonSchema),
  fees: feesSchema,
  maxLines: z.int(),
  networks: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /api/v1/orders/numbers: a page of new numbers the customer may choose. */
export const numberPageSchema = z.object({
  numbers: z.array(z.string()),
  page: z.int(),
  pageSize: z.int(),
  totalPages: z.int(),
  total: z.int(),
});
export type NumberPage = z.infer<typeof numberPageSchema>;

const consent = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/** Step 3 of the draft, as saved: who the customer is. */
const draftAccountSchema = z.object({
  salutation: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  contactNumber: z.string(),
  idType: z.int(),
  idNumber: z.string(),
  idIssueDate: z.string(),
  idExpiryDate: z.nullish(z.string()),
  passType: z.nullish(z.string()),
  passStatus: z.nullish(z.string()),
  passExpiry: z.nullish(z.string()),
  employer: z.nullish(z.string()),
  marketing: z.object({ provider: consent, thirdParty: consent }),
  documents: z.nullish(z.object({ front: z.nullable(z.string()), back: z.nullable(z.string()) })),
  myinfoVerified: z.optional(z.array(z.string())),
});

/** A delivery or billing address of the draft. */
const draftAddressSchema = z.object({
  postalCode: z.string(),
  blockNumber: z.string(),
  roadName: z.string(),
  building: z.nullish(z.string()),
  unitNumber: z.nullish(z.string()),
});
export type DraftAddress = z.infer<typeof draftAddressSchema>;

/** Step 4 of the draft, as saved: delivery method, date and address, and the billing address. */
const draftDeliverySchema = z.object({
  deliveryMethod: z.nullable(z.int()),
  delivery: z.nullish(draftAddressSchema),
  deliveryDate: z.nullish(z.string()),
  billingSameAsDelivery: z.boolean(),
  billing: z.nullish(draftAddressSchema),
});
export type DraftDelivery = z.infer<typeof draftDeliverySchema>;

/** An uploaded ID side as the draft keeps it. */
const documentFileSchema = z.object({ id: z.string(), fileName: z.string() });
export type DocumentFile = z.infer<typeof documentFileSchema>;

/**
 * GET /api/v1/orders/draft, and PUT /api/v1/orders/draft/{plan,numbers,account,delivery} and
 * DELETE /api/v1/orders/draft/myinfo, which answer the draft as it then is.
 */
export const draftSchema = z.object({
  plan: z.nullable(
    z.object({
      typeSim: z.int(),
      lines: z.array(z.object({ planCode: z.string(), addonCodes: z.array(z.string()) })),
    }),
  ),
  numbers: z.nullable(
    z.object({
      lines: z.array(
        z.object({
          numberType: z.enum([NumberType.New, NumberType.PortIn]),
          msisdn: z.string(),
          donorNetwork: z.nullable(z.int()),
          confirmPostpaid: z.optional(z.boolean()),
        }),
      ),
    }),
  ),
  account: z.nullable(draftAccountSchema),
  delivery: z.nullable(draftDeliverySchema),
  /** The files of the ID sides in `account.documents`; a side whose file is gone is null. */
  documents: z.nullable(
    z.object({ front: z.nullable(documentFileSchema), back: z.nullable(documentFileSchema) }),
  ),
  myinfo: z.nullable(
    z.object({
      account: z.partial(draftAccountSchema),
      locked: z.array(z.string()),
      address: z.nullable(draftAddressSchema),
      retrievedAt: z.string(),
      /** The ID number MyInfo gave already has an account: step 3 cannot be saved with it. */
      idNumberRegistered: z.boolean(),
    }),
  ),
  reservation: z.nullable(z.object({ numbers: z.array(z.string()), until: z.string() })),
});
export type Draft = z.infer<typeof draftSchema>;
export type DocumentFiles = NonNullable<Draft['documents']>;

/** GET /api/v1/orders/address (each item): an address at the postal code, and whether the method reaches it. */
export const foundAddressSchema = z.object({
  postalCode: z.string(),
  blockNumber: z.string(),
  roadName: z.string(),
  building: z.string(),
  address: z.string(),
  deliverable: z.optional(z.boolean()),
});
export type FoundAddress = z.infer<typeof foundAddressSchema>;

/** GET /api/v1/orders/delivery-dates: the working days a delivery method can be booked for. */
export const deliveryDatesSchema = z.object({ dates: z.array(z.string()) });
export type DeliveryDates = z.infer<typeof deliveryDatesSchema>;

/** POST /api/v1/orders/promotion: what a promotion code gives. */
export const promotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  percentOff: z.nullable(z.int()),
  amountOffCents: z.nullable(z.int()),
});
export type Promotion = z.infer<typeof promotionSchema>;
