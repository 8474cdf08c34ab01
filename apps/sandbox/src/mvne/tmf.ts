export const tags = ['mvne'];
export const security = [{ bearer: [] }];

/** TMF630 error body. */
export const tmfError = (status: number, reason: string, message: string) => ({
  code: String(status),
  reason,
  message,
  status: String(status),
});
export const errorSchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    reason: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'string' },
  },
} as const;
export const msisdn = { type: 'string', pattern: '^[89]\\d{7}$' } as const;
export const party = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1 }, role: { type: 'string' } },
  },
} as const;

export const characteristic = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string' }, value: { type: 'string' } },
  },
} as const;
