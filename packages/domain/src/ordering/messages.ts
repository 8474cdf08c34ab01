import { PAYMENT_WINDOW_TEXT } from '../order-status.ts';

/** The order wizard's user-facing texts; the spec's words where it quotes them (see Messages for the rest). */
export const OrderMessages = {
  choosePlan: 'Plan is required. Please choose plan!',
  chooseMeNumber: 'Please choose Me Number.',
  chooseUsNumber: 'Please choose Us Number.',
  chooseNumber: 'Please choose Number.',
  tooManyLines: (max: number) => `You can have at most ${max} lines in total.`,
  numberTaken: 'This number is no longer available. Please choose another.',
  duplicateNumber: 'Each line needs a different number.',
  donorRequired: 'Please choose the network your number is with now.',
  confirmPostpaid: 'Please confirm the number is a postpaid number that stays active until it moves to us.',
  orderTimeLimit: 'You have exceeded the time limit for submission. Please submit your order again.',
  orderedSuccessfully: 'You have ordered successfully!',
  waitForApproval: 'Please wait for the administrator to approve your order.',
  orderPaid: 'Order payment successfully',
  cardWrong: 'You entered the wrong information of the card. Please re-enter.',
  paymentFailed: 'Payment deduction failed.',
  paymentFailedAdvice: 'Please check your card details or balance, or use another card.',
  deliveryUnavailable: 'Delivery to this address is not available.',
  singpassUnavailable: 'Cannot direct to SingPass now!',
  myinfoUnavailable: 'Your details cannot be retrieved from Myinfo now. Please fill them in yourself.',
  /** /profile/checkCIS: nothing to fill in there, the company email check is the other way. */
  myinfoCisUnavailable:
    'Your employer cannot be retrieved from Myinfo now. Please try again later, or check with your company email.',
  promotionInvalid: 'This promotion code is invalid or has expired.',
  numbersUnavailable: 'We cannot show numbers right now. Please try again in a moment.',
  notEligibleCis: 'Not eligible for CIS',
  /** /profile/checkCIS by Myinfo: the Singpass login was someone else's. */
  myinfoNotYou:
    'This Singpass login is not yours: its NRIC/FIN is not the one on your account. Please check with your own Singpass, or with your company email.',
  cisCodeSent: 'We have sent the code to your company email address.',
  cisEligible: (company: string) => `You are eligible for the ${company} plans.`,
  myinfoRetrieved: 'Your details have been retrieved from Myinfo. Verified details cannot be changed.',
  idNumberHasAccount: 'This ID number already has an account',
  idNumberHasAccountHelp: (email: string, phone: string) =>
    `The ID number Myinfo gave has already been registered. If that account is yours, log out and log in to it to order. If it is not, or you cannot log in, contact us at ${email} or ${phone}.`,
  idNumberHasAccountChoices:
    'To go on here, clear the Myinfo details, then fill in your details yourself or retrieve them with Myinfo again.',
  myinfoRetryFromStart:
    'This Myinfo sign-in has expired or was already used. Please retrieve your details again.',
  tooYoung: 'You must be at least 18 years old to register.',
  passTooShort: 'Your pass must be valid for at least 6 more months.',
  idNumberInvalid: 'The ID number is not valid for the ID type.',
  fileTooLarge: 'The file is larger than 5MB.',
  fileInvalidExtension: 'The file has an invalid extension. Please upload a JPG, PNG or PDF file.',
  // The name is right but the content is not: a renamed text file, or a damaged image.
  fileNotImage: 'The file is not a JPG, PNG or PDF image.',
  documentsRequired: 'Please upload the front and back of your ID.',
  // Customers have no way to delete an upload, so this sends them to support rather than to 'remove some'.
  uploadQuotaReached: 'You have uploaded too many files. Please contact support.',
  dateInFuture: (field: string) => `${field} cannot be in the future`,
  dateInPast: (field: string) => `${field} has already passed`,
  chooseDeliveryDate: 'Please choose a delivery date.',
  paymentsUnavailable: 'We cannot take card payments right now. Please try again in a moment.',
  // The gateway did not answer in time: what happens next, never "try again" (ADR 0035).
  paymentNotConfirmed:
    'Your payment is being confirmed with the card company. Please do not pay again: this page updates by itself as soon as they answer, and we email you when your order is placed.',
  cardNotCompleted: 'Your card details were not completed. Please try again.',
  paymentReplaced:
    'This payment page was replaced by a newer one for your order. Please pay from the order summary again; anything taken on this page is refunded.',
  /** Back from the card page (or a late payment's return) to an order closed unpaid (ADR 0037). */
  orderClosed: `This order was closed because it was not paid within ${PAYMENT_WINDOW_TEXT}; anything taken for it is refunded. Your choices are kept: check them and pay to place a new order.`,
  acceptTerms: 'Please accept the Terms and Conditions',
  orderIncomplete: 'Please complete every step of your order first.',
  deliveryMethodNotForSim: 'This delivery method is not available for your SIM type.',
  addressLookupUnavailable: 'We cannot look up addresses now. Please type your address in.',
  deliveryCheckUnavailable: 'We cannot check delivery to this address now. Please try again in a moment.',
} as const;
