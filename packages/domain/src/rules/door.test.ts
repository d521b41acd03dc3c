import { describe, expect, it } from 'vitest';
import { DOOR_MESSAGES, doorRefusal, type DoorSettings } from './door';

const on: DoorSettings = { door_payment: true, door_methods: ['cash', 'card_terminal'], door_cap: 100_00 };
const order = { destination: 'address' as const, total: 80_00, method: 'cash' as const, hasDeliveredPaidOrder: true };

describe('doorRefusal (issue 46, part 2)', () => {
  it('allows a trusted guest, to an address, a way allowed, up to the cap inclusive', () => {
    expect(doorRefusal(on, order)).toBeNull();
    expect(doorRefusal(on, { ...order, total: 100_00 })).toBeNull();
    // Asked without a total or a way (the cart's offer): only the setting and the guest count.
    expect(doorRefusal(on, { ...order, total: null, method: null })).toBeNull();
  });

  it('refuses in this order: the setting off (or no way), a room, a way not allowed, no delivered paid order, over the cap', () => {
    expect(doorRefusal({ ...on, door_payment: false }, { ...order, destination: 'room', hasDeliveredPaidOrder: false })).toBe('door_off');
    expect(doorRefusal({ ...on, door_methods: [] }, order)).toBe('door_off');
    expect(doorRefusal(on, { ...order, destination: 'room' })).toBe('door_room');
    expect(doorRefusal({ ...on, door_methods: ['cash'] }, { ...order, method: 'card_terminal' })).toBe('door_method');
    expect(doorRefusal(on, { ...order, hasDeliveredPaidOrder: false })).toBe('door_not_allowed');
    expect(doorRefusal(on, { ...order, total: 100_01 })).toBe('door_over_cap');
  });

  it('has every refusal in both languages', () => {
    for (const text of Object.values(DOOR_MESSAGES)) {
      expect(text.ru.length).toBeGreaterThan(0);
      expect(text.en.length).toBeGreaterThan(0);
    }
  });
});
