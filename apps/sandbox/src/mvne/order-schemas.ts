import { productProperties } from './product-views.ts';
import { characteristic, party } from './tmf.ts';

const id = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1 } },
} as const;

/**
 * An order item. A new line names its plan (productSpecification) and number (productCharacteristic
 * MSISDN) with action 'add'. A change to live services adds an offering (productOffering) for the
 * services realizing it, or modifies (the services sharing it) or deletes a product by its id. Each
 * kind is one branch of `oneOf` stating the fields it requires; no branch forbids fields, since the
 * sandbox's validator would drop unknown ones silently rather than refuse them.
 */
export const orderItemSchema = {
  type: 'object',
  required: ['id', 'action', 'product'],
  properties: {
    id: { type: 'string' },
    action: { type: 'string', enum: ['add', 'modify', 'delete'] },
    product: {
      type: 'object',
      properties: {
        productSpecification: id,
        productCharacteristic: characteristic,
        id: { type: 'string', minLength: 1 },
        productOffering: id,
        realizingService: { type: 'array', minItems: 1, maxItems: 50, items: id },
        startDate: { type: 'string', format: 'date-time' },
        terminationDate: { type: 'string', format: 'date-time' },
      },
    },
  },
  oneOf: [
    {
      properties: {
        action: { const: 'add' },
        product: { type: 'object', required: ['productSpecification', 'productCharacteristic'] },
      },
    },
    {
      properties: {
        action: { const: 'add' },
        product: { type: 'object', required: ['productOffering', 'realizingService'] },
      },
    },
    {
      properties: {
        action: { const: 'modify' },
        product: { type: 'object', required: ['id', 'realizingService'] },
      },
    },
    { properties: { action: { const: 'delete' }, product: { type: 'object', required: ['id'] } } },
  ],
} as const;

export const orderBodySchema = {
  type: 'object',
  required: ['externalId', 'relatedParty', 'productOrderItem'],
  properties: {
    externalId: { type: 'string', minLength: 1 },
    relatedParty: party,
    relatedEntity: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, role: { type: 'string' } },
      },
    },
    productOrderItem: { type: 'array', minItems: 1, maxItems: 10, items: orderItemSchema },
  },
} as const;

/** An item as the answer gives it: a new line's plan and number, or the product a change made. */
const orderItemAnswer = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    action: { type: 'string' },
    product: {
      type: 'object',
      properties: { productSpecification: id, productCharacteristic: characteristic, ...productProperties },
    },
  },
} as const;

export const orderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    href: { type: 'string' },
    externalId: { type: 'string' },
    state: { type: 'string' },
    orderDate: { type: 'string' },
    relatedParty: party,
    relatedEntity: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, role: { type: 'string' } } },
    },
    productOrderItem: { type: 'array', items: orderItemAnswer },
  },
} as const;
