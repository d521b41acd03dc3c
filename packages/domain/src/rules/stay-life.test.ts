import { describe, expect, it } from 'vitest';
import {
  canChangeStayStatus,
  checkInRefusal,
  checkOutRefusal,
  cleaningRank,
  isLateDeparture,
  isReadyForGuest,
  STAY_MESSAGES,
  STAY_STATUSES,
  STAY_TRANSITIONS,
} from './stay-life';

const stay = { arrival: '2026-12-10', departure: '2026-12-12' };

describe("a stay's life (issue 45, point 1)", () => {
  it('moves booked → checked in → checked out, or from booked to cancelled or a no-show, and never out of an ending', () => {
    const allowed = STAY_STATUSES.flatMap((from) => STAY_STATUSES.filter((to) => canChangeStayStatus(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['booked→checked_in', 'booked→cancelled', 'booked→no_show', 'checked_in→checked_out']);
    expect(STAY_TRANSITIONS.checked_out).toEqual([]);
    expect(STAY_TRANSITIONS.cancelled).toEqual([]);
    expect(STAY_TRANSITIONS.no_show).toEqual([]);
  });

  it('checks a guest in from the arrival day to the day before departure, a booked stay only', () => {
    expect(checkInRefusal('booked', stay, '2026-12-09')).toBe('desk:refused.beforeArrival');
    expect(checkInRefusal('booked', stay, '2026-12-10')).toBeNull();
    expect(checkInRefusal('booked', stay, '2026-12-11')).toBeNull();
    expect(checkInRefusal('booked', stay, '2026-12-12')).toBe('desk:refused.stayOver');
    expect(checkInRefusal('cancelled', stay, '2026-12-10')).toBe('desk:refused.cancelled');
    expect(checkInRefusal('no_show', stay, '2026-12-10')).toBe('desk:refused.noShow');
    expect(checkInRefusal('checked_in', stay, '2026-12-10')).toBe('desk:refused.alreadyIn');
  });

  it('checks out a guest in the house only, once', () => {
    expect(checkOutRefusal('checked_in')).toBeNull();
    expect(checkOutRefusal('checked_out')).toBe('desk:refused.alreadyOut');
    expect(checkOutRefusal('booked')).toBe('desk:refused.notIn');
  });

  it('shows a guest still in the house at 12:00 on the departure day (09:00 UTC in Minsk) as late, not at 11:59', () => {
    const inHouse = { status: 'checked_in' as const, departure: '2026-12-12' };
    expect(isLateDeparture(inHouse, new Date('2026-12-12T08:59:00Z'))).toBe(false);
    expect(isLateDeparture(inHouse, new Date('2026-12-12T09:00:00Z'))).toBe(true);
    expect(isLateDeparture({ ...inHouse, status: 'checked_out' }, new Date('2026-12-12T10:00:00Z'))).toBe(false);
  });

  it('says every refusal in Russian and English', () => {
    for (const [key, text] of Object.entries(STAY_MESSAGES)) {
      expect(text.ru, key).toMatch(/[а-я]/i);
      expect(text.en, key).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('housekeeping (issue 45, point 7)', () => {
  it('gives a guest a clean or inspected room without asking', () => {
    expect(isReadyForGuest('clean')).toBe(true);
    expect(isReadyForGuest('inspected')).toBe(true);
    expect(isReadyForGuest('dirty')).toBe(false);
    expect(isReadyForGuest('out_of_order')).toBe(false);
  });

  it('cleans departures first, then stays, then the rest, an arrival first among equals', () => {
    const rooms = [
      { name: 'empty', day: { departure: false, stay: false, arrival: false } },
      { name: 'stay', day: { departure: false, stay: true, arrival: false } },
      { name: 'empty, arrival', day: { departure: false, stay: false, arrival: true } },
      { name: 'departure', day: { departure: true, stay: false, arrival: false } },
      { name: 'departure, arrival', day: { departure: true, stay: false, arrival: true } },
    ];
    const order = [...rooms].sort((a, b) => cleaningRank(a.day) - cleaningRank(b.day)).map((room) => room.name);
    expect(order).toEqual(['departure, arrival', 'departure', 'stay', 'empty, arrival', 'empty']);
  });
});
