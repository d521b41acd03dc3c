import { describe, expect, it } from 'vitest';
import { personName } from './people';

describe('personName', () => {
  it('writes the first name first in both languages (issue 26: "Smith Jane", «Анна, Иванов Пётр»)', () => {
    expect(personName({ first_name: 'Jane', last_name: 'Smith' })).toBe('Jane Smith');
    expect(personName({ first_name: 'Пётр', second_name: 'Сергеевич', last_name: 'Иванов' })).toBe('Пётр Сергеевич Иванов');
  });

  it('leaves out the parts a person has not given', () => {
    expect(personName({ first_name: 'Анна', second_name: null, last_name: ' ' })).toBe('Анна');
    expect(personName({})).toBe('');
  });
});
