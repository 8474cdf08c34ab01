import * as z from 'zod/mini';
import { IdentificationType, PROFILE_TITLES } from '../enums.ts';
import { Messages } from '../messages.ts';
import { isValidIdForType } from '../nric.ts';
import { DOCUMENT_SIDES, PASS_STATUSES, PASS_TYPES } from '../ordering/enums.ts';
import { familyNameOptional } from '../ordering/identity.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { requiredString, sgMobileField, text } from './fields.ts';

/** Whether `v` is a calendar date written 'YYYY-MM-DD' that exists. */
export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date written 'YYYY-MM-DD' that exists. */
export const isoDateField = (field: string) =>
  text(field).check(
    z.minLength(1, Messages.required(field)),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, Messages.invalid(field)),
    z.refine(isIsoDate, Messages.invalid(field)),
  );

const consent = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/**
 * Step 3, Account Information. Rules that depend on today's date (age, pass validity, dates not in
 * the future) are checked by `accountDateProblems`, which the API runs and the form adds to this
 * schema (`accountStepSchemaOn`). The family name may be empty only for a person who has none
 * (`familyNameOptional`, ADR 0017). `documents` is null when MyInfo verified the identity; when it
 * is given, both sides must be there.
 */
export const accountStepSchema = z
  .object({
    salutation: z.enum(PROFILE_TITLES, { error: Messages.required('Salutation') }),
    givenName: requiredString('Given name', 100),
    familyName: text('Family name').check(
      z.trim(),
      z.maxLength(100, 'Family name must be at most 100 characters'),
    ),
    fullName: requiredString('Full name as on ID', 200),
    dateOfBirth: isoDateField('Date of birth'),
    contactNumber: sgMobileField('Contact number'),
    idType: z.union([z.literal(IdentificationType.NRIC), z.literal(IdentificationType.FIN)], {
      error: Messages.required('ID type'),
    }),
    idNumber: z.pipe(
      requiredString('ID number', 9),
      z.transform((v: string) => v.toUpperCase()),
    ),
    idIssueDate: isoDateField('ID issue date'),
    idExpiryDate: z.optional(z.nullable(isoDateField('ID expiry date'))),
    passType: z.optional(z.nullable(z.enum(PASS_TYPES, { error: Messages.required('Pass type') }))),
    passStatus: z.optional(z.nullable(z.enum(PASS_STATUSES, { error: Messages.required('Pass status') }))),
    passExpiry: z.optional(z.nullable(isoDateField('Pass expiry date'))),
    employer: z.optional(
      z.nullable(text('Employer').check(z.trim(), z.maxLength(200, Messages.invalid('Employer')))),
    ),
    marketing: z.object({ provider: consent, thirdParty: consent }),
    documents: z.optional(
      z.nullable(z.object({ front: z.nullable(text('Document')), back: z.nullable(text('Document')) })),
    ),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        if (
          v.familyName === '' &&
          typeof v.givenName === 'string' &&
          !familyNameOptional(v.givenName, typeof v.fullName === 'string' ? v.fullName : '')
        )
          ctx.addIssue({
            code: 'custom',
            path: ['familyName'],
            message: Messages.required('Family name'),
            input: v.familyName,
          });
        if (v.documents && (!v.documents.front || !v.documents.back))
          ctx.addIssue({
            code: 'custom',
            path: ['documents'],
            message: OrderMessages.documentsRequired,
            input: v.documents,
          });
        if (typeof v.idNumber === 'string' && !isValidIdForType(v.idNumber, v.idType))
          ctx.addIssue({
            code: 'custom',
            path: ['idNumber'],
            message: OrderMessages.idNumberInvalid,
            input: v.idNumber,
          });
        if (v.idType === IdentificationType.FIN) {
          if (!v.passType)
            ctx.addIssue({
              code: 'custom',
              path: ['passType'],
              message: Messages.required('Pass type'),
              input: v.passType,
            });
          if (!v.passStatus)
            ctx.addIssue({
              code: 'custom',
              path: ['passStatus'],
              message: Messages.required('Pass status'),
              input: v.passStatus,
            });
          if (!v.passExpiry)
            ctx.addIssue({
              code: 'custom',
              path: ['passExpiry'],
              message: Messages.required('Pass expiry date'),
              input: v.passExpiry,
            });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type AccountStepInput = z.input<typeof accountStepSchema>;
export type AccountStep = z.output<typeof accountStepSchema>;

export const documentSideSchema = z.object({
  side: z.enum(DOCUMENT_SIDES, { error: Messages.invalid('Document side') }),
});

/** /uploadID: both sides of the ID, uploaded first through POST /documents. */
export const requestedDocumentsSchema = z.object({
  front: text('Document', OrderMessages.documentsRequired).check(
    z.minLength(1, OrderMessages.documentsRequired),
  ),
  back: text('Document', OrderMessages.documentsRequired).check(
    z.minLength(1, OrderMessages.documentsRequired),
  ),
});
