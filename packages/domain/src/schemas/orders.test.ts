import { describe, expect, it } from 'vitest';
import { EXPECTED_TOTAL_REQUIRED_DETAIL } from './common';
import { orderCreateSchema, orderUpdateSchema } from './orders';
import { paymentCreateSchema, paymentMethodInitSchema } from './payments';

const card = '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10';
const valid = { address_id: 3, payment_method_id: card, items: [{ product_id: '12', quantity: 2 }], comment: ' Домофон не работает ', expected_total: 164_00 };

describe('POST orders/ body (DEL-32, API-37)', () => {
  it('takes product ids as text and trims the comment', () => {
    expect(orderCreateSchema.parse(valid)).toEqual({ ...valid, items: [{ product_id: 12, quantity: 2, options: [] }], comment: 'Домофон не работает' });
    expect(orderCreateSchema.parse({ ...valid, comment: undefined }).comment).toBe('');
  });

  it.each([
    ['no dishes', { items: [] }, 'The order has no dishes'],
    ['quantity 0', { items: [{ product_id: '1', quantity: 0 }] }, 'quantity must be a whole number from 1 to 30'],
    ['a negative quantity', { items: [{ product_id: '1', quantity: -2 }] }, 'quantity must be a whole number from 1 to 30'],
    ['quantity 31', { items: [{ product_id: '1', quantity: 31 }] }, 'quantity must be a whole number from 1 to 30'],
    ['a fractional quantity', { items: [{ product_id: '1', quantity: 1.5 }] }, 'quantity must be a whole number from 1 to 30'],
    ['a numeric product id', { items: [{ product_id: 1, quantity: 1 }] }, 'product_id must be text'],
    ['a product id that is no id', { items: [{ product_id: '01', quantity: 1 }] }, 'product_id must be the id of a dish'],
    ['a huge product id', { items: [{ product_id: '9999999999', quantity: 1 }] }, 'product_id must be the id of a dish'],
    ['the same dish twice', { items: [{ product_id: '1', quantity: 1 }, { product_id: '1', quantity: 2 }] }, 'The same dish is listed twice'],
    ['a price from the client', { items: [{ product_id: '1', quantity: 1, price: 1 }] }, 'Unrecognized key: "price"'],
    ['a total from the client', { total: 100 }, 'Unrecognized key: "total"'],
    ['a card that is no id', { payment_method_id: '42' }, 'Invalid id'],
    ['no address (nor a room)', { address_id: undefined }, 'Give exactly one of address_id (an address) and destination (room service)'],
    ['a long comment', { comment: 'x'.repeat(501) }, 'The comment may have at most 500 characters'],
    ['no expected_total (issue 42)', { expected_total: undefined }, EXPECTED_TOTAL_REQUIRED_DETAIL],
    ['a negative expected_total', { expected_total: -41_25 }, 'expected_total must be a whole number of kopecks'],
  ])('refuses %s', (_name, change, message) => {
    const result = orderCreateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
  });

  it('PUT orders/{id}/ needs something to change', () => {
    expect(orderUpdateSchema.safeParse({}).success).toBe(false);
    expect(orderUpdateSchema.parse({ comment: 'Позвонить' })).toEqual({ comment: 'Позвонить' });
    expect(orderUpdateSchema.safeParse({ status: 'canceled' }).success).toBe(false);
  });
});

describe('payment bodies (API-22, API-40)', () => {
  it('payments/create/ takes an order id and a card id, nothing else', () => {
    expect(paymentCreateSchema.parse({ order_id: 5, payment_method_id: card })).toEqual({ order_id: 5, payment_method_id: card });
    expect(paymentCreateSchema.safeParse({ order_id: 5, payment_method_id: card, amount: 1 }).success).toBe(false);
    expect(paymentCreateSchema.safeParse({ order_id: '5', payment_method_id: card }).success).toBe(false);
  });

  it('a card is added from a known screen only, so the return is no open redirect', () => {
    expect(paymentMethodInitSchema.parse(undefined)).toEqual({ return_path: '/account/payments' });
    expect(paymentMethodInitSchema.parse({ return_path: '/delivery/cart' })).toEqual({ return_path: '/delivery/cart' });
    expect(paymentMethodInitSchema.safeParse({ return_path: 'https://evil.example/' }).success).toBe(false);
  });
});
