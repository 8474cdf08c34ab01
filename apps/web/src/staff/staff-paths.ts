/** The staff console's pages (its own, outside the customer route table): every link to them is built here. */
export const staffPath = {
  queue: '/staff',
  order: (id: string) => `/staff/orders/${id}`,
  stock: '/staff/stock',
  replacements: '/staff/replacements',
  billing: (customerId: string) => `/staff/customers/${customerId}/billing`,
  lines: (customerId: string) => `/staff/customers/${customerId}/lines`,
  accountDeletions: '/staff/account-deletions',
  payments: '/staff/payments',
  login: '/staff/login',
};
