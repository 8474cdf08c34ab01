/** English texts of the orders pages, registered when their chunk loads. */
export const ordersEn = {
  none: 'You have no orders yet.',
  date: 'Date',
  number: 'Order number',
  amount: 'Amount',
  status: 'Status',
  detailTitle: 'Order {{number}}',
  placedOn: 'Placed on {{date}}',
  lines: 'Lines',
  charges: 'Charges',
  total: 'Total',
  gst: 'Includes GST ({{percent}}%)',
  timeline: 'Progress',
};
