import { LINE_STATUS_LABELS } from '@selfcare/domain/fulfilment';

export const activationEn = {
  intro: 'Activate the SIM you received. You need your order number, your Singpass and the SIM card.',
  orderNumber: 'Order number',
  orderNumberHint: 'It starts with SC, as in your order confirmation email',
  singpass: 'Log in with Singpass',
  singpassWhy: 'We check that you are the person named on the order.',
  signedInAs: 'Order {{orderNumber}}',
  line: '{{label}}: {{msisdn}}',
  // Every state the activation answer may give a line, and none yet.
  lineState: { none: 'Not activated yet', ...LINE_STATUS_LABELS },
  barcode: 'SIM barcode number (ICCID)',
  barcodeHint: 'Scan it, or type the 19 or 20 digits under the barcode on the SIM card, starting with 89',
  scan: 'Scan the barcode with your camera',
  scanStarting: 'Starting the camera…',
  scanning: 'Hold the SIM card so that its barcode fills the camera view. It is read as soon as it is sharp.',
  scanWrong:
    'That barcode is not a SIM card number. Point the camera at the barcode beside the number starting with 89.',
  scanDenied:
    'We could not use your camera. Allow camera access for this site, or type the number under the barcode instead.',
  scanUnavailable: 'This browser cannot scan barcodes. Type the number under the barcode instead.',
  scanNoCamera: 'No camera was found on this device. Type the number under the barcode instead.',
  scanStop: 'Stop the camera',
  cameraView: 'Camera view of the SIM card',
  scanClose: 'Close',
  scanned: 'Barcode scanned: {{iccid}}. Check the number below, then activate.',
  activate: 'Activate SIM',
  waiting: 'Your line is being activated. This takes up to 4 hours; we will email you when it is active.',
  done: 'All set: your line is active.',
};
