/** English texts of the product pages (add-ons, IDD services), registered when their chunk loads. */
export const productsEn = {
  me: 'Me',
  us: 'Us',
  lineHeading: '{{number}} ({{who}})',
  noLines: 'You have no active lines yet. Add-ons and services can be added once a line is active.',
  intro: {
    addon: 'Add-ons are charged on your monthly bill, from the day you subscribe.',
    idd: 'IDD services are charged on your monthly bill, from the day you subscribe.',
  },
  none: 'Nothing is available for this line’s plan.',
  perMonth: '{{price}} a month',
  subscribe: 'Subscribe',
  subscribeLabel: 'Subscribe to {{name}} on {{line}}',
  unsubscribe: 'Unsubscribe',
  unsubscribeLabel: 'Unsubscribe from {{name}} on {{line}}',
  confirmSubscribe:
    '{{name}} costs {{price}} a month, GST included. It starts today and is charged on your monthly bill from today: this month’s part is prorated.',
  confirmUnsubscribe: '{{name}} stays on until the end of {{date}} and is charged until then.',
  confirm: 'Confirm',
  confirmSubscribeLabel: 'Confirm subscribing to {{name}} on {{line}}',
  confirmUnsubscribeLabel: 'Confirm unsubscribing from {{name}} on {{line}}',
  cancel: 'Cancel',
  state: {
    active: 'Subscribed since {{date}}',
    pending: 'Being set up on the network. It shows as subscribed as soon as the network confirms it.',
    ending: 'Ends on {{date}}',
  },
  notChangeable: 'This can be changed again next month.',
};
