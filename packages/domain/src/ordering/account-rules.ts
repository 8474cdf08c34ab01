import { IdentificationType } from '../enums.ts';
import type { AccountStep } from '../schemas/account.ts';
import { isOldEnough, isPassValidLongEnough } from './identity.ts';
import { OrderMessages } from './messages.ts';

/** The account rules that need today's date ('YYYY-MM-DD', Singapore): field → message. */
export function accountDateProblems(a: AccountStep, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (a.dateOfBirth > today) problems.dateOfBirth = OrderMessages.dateInFuture('Date of birth');
  else if (!isOldEnough(a.dateOfBirth, today)) problems.dateOfBirth = OrderMessages.tooYoung;
  if (a.idIssueDate > today) problems.idIssueDate = OrderMessages.dateInFuture('ID issue date');
  if (a.idExpiryDate && a.idExpiryDate <= today)
    problems.idExpiryDate = OrderMessages.dateInPast('ID expiry date');
  if (a.idType === IdentificationType.FIN && a.passExpiry && !isPassValidLongEnough(a.passExpiry, today))
    problems.passExpiry = OrderMessages.passTooShort;
  return problems;
}
