import * as z from 'zod/mini';
import { IdentificationType } from '../enums.ts';
import { type AccountStepInput, accountStepSchema, isIsoDate } from '../schemas/account.ts';
import { isOldEnough, isPassValidLongEnough } from './identity.ts';
import { OrderMessages } from './messages.ts';

type DatedAccount = Pick<
  AccountStepInput,
  'dateOfBirth' | 'idIssueDate' | 'idExpiryDate' | 'idType' | 'passExpiry'
>;

/**
 * The account rules that need today's date ('YYYY-MM-DD', Singapore): field → message. A date that
 * is missing or not a date is the schema's to report, so it is skipped here.
 */
export function accountDateProblems(a: DatedAccount, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (isIsoDate(a.dateOfBirth)) {
    if (a.dateOfBirth > today) problems.dateOfBirth = OrderMessages.dateInFuture('Date of birth');
    else if (!isOldEnough(a.dateOfBirth, today)) problems.dateOfBirth = OrderMessages.tooYoung;
  }
  if (isIsoDate(a.idIssueDate) && a.idIssueDate > today)
    problems.idIssueDate = OrderMessages.dateInFuture('ID issue date');
  if (isIsoDate(a.idExpiryDate) && a.idExpiryDate <= today)
    problems.idExpiryDate = OrderMessages.dateInPast('ID expiry date');
  if (
    a.idType === IdentificationType.FIN &&
    isIsoDate(a.passExpiry) &&
    !isPassValidLongEnough(a.passExpiry, today)
  )
    problems.passExpiry = OrderMessages.passTooShort;
  return problems;
}

/**
 * Step 3 as the form checks it: the shared schema and, in the same pass, the rules that need today's
 * date, so that the customer sees every problem at once (an age problem too, not only after the
 * others are fixed). The API runs `accountDateProblems` with its own clock.
 */
export const accountStepSchemaOn = (today: string) =>
  accountStepSchema.check(
    z.superRefine(
      (v, ctx) => {
        for (const [field, message] of Object.entries(accountDateProblems(v, today)))
          ctx.addIssue({ code: 'custom', path: [field], message, input: v[field as keyof typeof v] });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
