/** What staff and customers are told about fulfilment. Quoted texts are SPEC.md's, word for word. */
export const FulfilmentMessages = {
  subLineNoDocuments:
    "An added 'Us' line is checked by its user's NRIC or FIN on the order, not by the customer's documents. Reject it if they do not match.",
  verified: 'Verified',
  rejected: 'Reject order successfully',
  documentsRequested: 'The customer has been asked to upload their ID documents.',
  deliveryCreated: 'Create delivery order',
  delivered: 'Delivery completed',
  deliveryFailed: 'Delivery failed',
  cancelled: 'Order cancelled',
  activationRequested: 'Activation requested. The line will be active within 4 hours.',
  activated: 'Active SIM successfully',
  notScanned: 'You have not scanned the barcode. Please scan the barcode',
  barcodeInvalid: 'The scanned barcode is invalid or has already been used for another number.',
  orderNotEligible: 'Invalid order ID, or the order is not eligible for online activation.',
  deviceNotFound: 'Device is not found',
  staffLoginInvalid: 'The email, password or authenticator code is incorrect.',
  staffPasskeyLoginInvalid: 'The email, password or passkey is incorrect.',
  staffPasskeyAdded: 'Your passkey was added. You can now log in with it instead of the authenticator code.',
  staffPasskeyRemoved: 'The passkey was removed. You can still log in with the authenticator code.',
  notAllowedForRole: (role: string) => `Only ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} can do this.`,
  notNow: (status: string) => `This cannot be done while the order is '${status}'.`,
  simNotAvailable: (iccid: string) => `SIM ${iccid} is not available in stock.`,
  simCountMismatch: (lines: number) => `Assign exactly one SIM to each of the order's ${lines} lines.`,
  imsiMismatch: 'The IMSI does not match the SIM assigned to this line.',
  activationAlreadyRequested: 'Activation was already requested for every line of this order.',
  trackingCodeHint: '4 to 40 letters, digits or hyphens, as the courier gives it, e.g. NV-SG-12345678',
  trackingCodeInvalid: 'Tracking code must be 4 to 40 letters, digits or hyphens, e.g. NV-SG-12345678',
  numberInService: (msisdn: string) => `The number ${msisdn} is already in service on another line.`,
  lowStock: (available: number) => `Low stock: only ${available} SIMs available.`,
  stockFileEmpty: 'The file holds no SIMs.',
  stockFileNotText: 'Upload the stock list as a CSV file.',
  esimLimit: (free: number) =>
    `You have used all ${free} free eSIM installations for this line. Please contact us for another.`,
  esimReissued: 'A new eSIM profile is on its way. The old one stops working.',
  notEsim: 'This line uses a physical SIM.',
  lineNotActive: 'This line is not active yet.',
  portNotNow: (status: string) => `This cannot be done while the port request is '${status}'.`,
} as const;

/** SPEC.md's names of the delivery methods, by code. */
export const DELIVERY_METHOD_LABELS: Record<number, string> = {
  0: 'Home Delivery',
  1: 'Postal Mail',
  2: 'eSIM ID Verification',
  3: 'Other',
  4: 'Self-Collection',
};
