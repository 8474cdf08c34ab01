export const activationEn = {
  intro: 'Activate the SIM you received. You need your order number, your Singpass and the SIM card.',
  orderNumber: 'Order number',
  orderNumberHint: 'It starts with SC, as in your order confirmation email',
  singpass: 'Log in with Singpass',
  singpassWhy: 'We check that you are the person named on the order.',
  signedInAs: 'Order {{orderNumber}}',
  line: '{{label}}: {{msisdn}}',
  lineState: {
    none: 'Not activated yet',
    activating: 'Activating',
    active: 'Active',
  },
  barcode: 'SIM barcode number (ICCID)',
  barcodeHint: 'The 19 or 20 digits under the barcode on the SIM card, starting with 89',
  activate: 'Activate SIM',
  waiting: 'Your line is being activated. This takes up to 4 hours; we will email you when it is active.',
  done: 'All set: your line is active.',
};
