/** English texts of /myAccount's order progress, registered when its chunk loads. */
export const accountProgressEn = {
  steps: {
    title: 'Where your order is',
    paid: 'Paid',
    added: 'Added to your account',
    verified: 'Verified',
    sent: 'SIM sent',
    delivered: 'Delivered',
    esim: 'eSIM ready',
    activated: 'Activated',
    done: 'done',
    todo: 'not yet',
  },
  next: {
    title: 'What to do next',
    'upload-documents': 'Upload the front and back of your ID',
    'activate-online': 'Activate your SIM online when it arrives',
    'submit-port': 'Submit your number porting request',
    'fix-port': 'Your current network refused the number porting: see why and submit again',
  },
  adminFeeDeadline: 'Activate your SIM by {{date}} to avoid the {{amount}} admin fee.',
  adminFeeCharged: 'A {{amount}} admin fee will be charged on your first bill.',
};
