import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../src/icalendar';
import { buildIcs } from '../../src/mail/ics';

const event = {
  uid: 'reservation-42@house1799.by',
  stamp: new Date('2026-06-01T09:30:15.123Z'),
  start: { date: '2026-06-12', time: '14:00' },
  end: { date: '2026-06-14', time: '12:00' },
  timeZone: 'Europe/Minsk',
  utcOffset: '+0300',
  summary: 'Дом 1799 — Номер «Замковый», с видом на Неман; два гостя',
  location: 'Дом 1799, ул. Замковая, 7, Гродно, Беларусь',
  description: 'Заезд с 14:00\nвыезд до 12:00',
};

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('iCalendar writer (RFC 5545)', () => {
  it('writes one VEVENT in hotel time with its VTIMEZONE, UID and DTSTAMP', () => {
    const lines = unfold(buildIcs(event)).split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('TZID:Europe/Minsk');
    expect(lines).toContain('TZOFFSETTO:+0300');
    expect(lines).toContain('UID:reservation-42@house1799.by');
    expect(lines).toContain('DTSTAMP:20260601T093015Z');
    expect(lines).toContain('DTSTART;TZID=Europe/Minsk:20260612T140000');
    expect(lines).toContain('DTEND;TZID=Europe/Minsk:20260614T120000');
    expect(lines).toContain('SUMMARY:Дом 1799 — Номер «Замковый»\\, с видом на Неман\\; два гостя');
    expect(lines).toContain('LOCATION:Дом 1799\\, ул. Замковая\\, 7\\, Гродно\\, Беларусь');
    expect(lines).toContain('DESCRIPTION:Заезд с 14:00\\nвыезд до 12:00');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('ends every line with CRLF and never a bare LF', () => {
    const ics = buildIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const ics = buildIcs({ ...event, description: 'Пожелания: '.repeat(30) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Folding is invisible once unfolded, and the text survives intact.
    expect(unfold(ics)).toContain(`DESCRIPTION:${'Пожелания: '.repeat(30)}`);
    expect(ics).not.toContain('\uFFFD');
  });

  it('folds exactly at the limit: a continuation starts with one space', () => {
    const line = `SUMMARY:${'a'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded[1]).toBe(` ${'a'.repeat(108 - 75)}`);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    // A 2-octet letter that would straddle octet 75 moves to the next line whole.
    const cyrillic = foldLine(`X:${'a'.repeat(72)}ЖЖ`).split('\r\n');
    expect(cyrillic[0]).toBe(`X:${'a'.repeat(72)}`);
    expect(cyrillic[1]).toBe(' ЖЖ');
  });

  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes a cancellation that replaces the booking: same UID, higher SEQUENCE, METHOD:CANCEL', () => {
    const lines = unfold(buildIcs({ ...event, method: 'CANCEL', sequence: 1 })).split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('UID:reservation-42@house1799.by');
  });
});
