/** How a person is written wherever the site names them: a guest, a companion, a staff member. */
export interface PersonNameParts {
  first_name?: string | null;
  second_name?: string | null;
  last_name?: string | null;
}

/**
 * First name, second name (patronymic or middle name), surname: "Пётр Сергеевич Иванов", "Jane
 * Smith". One order in both languages, so a list never mixes "Анна" with "Иванов Пётр".
 */
export function personName(person: PersonNameParts): string {
  return [person.first_name, person.second_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
