import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Folio, StayRegistration } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { CheckInForm } from './check-in-form';
import { FolioPanel } from './folio-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['folio']);
});
afterEach(async () => {
  toast.clear();
  await i18n.changeLanguage('ru');
});

function bill(overrides: Partial<Folio> = {}): Folio {
  return {
    reservation_id: 46,
    guest: { name: 'Олег Петров', email: 'oleg@example.com', phone: null, language: 'ru' },
    room: { ru: 'Мансарда', en: 'Attic' },
    arrival: '2099-03-10',
    departure: '2099-03-12',
    nights: 2,
    guest_count: 2,
    canceled: false,
    lines: [
      {
        id: null,
        kind: 'nights',
        description: { ru: 'Проживание', en: 'Accommodation' },
        quantity: 2,
        unit_price: 250_00,
        amount: 500_00,
        corrects_line_id: null,
        correctable: 0,
        order_id: null,
        posted_by: null,
        at: null,
      },
    ],
    payments: [],
    totals: { charges: 500_00, paid: 0, balance: 500_00, vat: 0, vat_percent: 20 },
    pending: 0,
    erip_bills: [],
    saved_card: null,
    invoice_sent_at: null,
    check_in: { ready: false, arrival_time: null },
    ...overrides,
  } as Folio;
}

const posted = (calls: { method: string; path: string; body: unknown }[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

describe('the bill’s forms (issue 45, point 4; issue 44, point 7: the routes’ schemas check them)', () => {
  it.each([
    ['ru', 'Введите сумму, например 42,50', 'Опишите начисление (до 200 символов)', 'Начислить'],
    ['en', 'Enter an amount such as 42.50', 'Describe the charge (up to 200 characters)', 'Post'],
  ] as const)('a charge with no amount or no text is refused in the screen’s language (%s) and nothing is posted; a whole one goes in kopecks', async (language, badAmount, noText, submit) => {
    await i18n.changeLanguage(language);
    const { calls } = fakeApi({
      'GET admin/reservations/46/folio/': () => ({ status: 200, body: bill() }),
      'POST admin/reservations/46/folio/lines/': () => ({ status: 200, body: bill() }),
    });
    renderWithProviders(<FolioPanel reservationId={46} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: language === 'ru' ? 'Начислить на номер' : 'Post to the room' });
    const [amount, text] = within(form).getAllByRole('textbox');
    await user.type(amount!, 'abc');
    await user.click(within(form).getByRole('button', { name: submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(badAmount);

    await user.clear(amount!);
    await user.type(amount!, '42,50');
    await user.click(within(form).getByRole('button', { name: submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(noText);
    expect(posted(calls, 'admin/reservations/46/folio/lines/')).toEqual([]);

    await user.type(text!, 'Мини-бар');
    await user.click(within(form).getByRole('button', { name: submit }));
    await waitFor(() => expect(posted(calls, 'admin/reservations/46/folio/lines/')).toEqual([{ kind: 'posted', amount: 4250, description: 'Мини-бар' }]));
    await waitFor(() => expect(amount).toHaveValue(''));
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('a payment offers the balance; emptied, it is refused and nothing is taken; the server’s refusal is shown in the screen’s language', async () => {
    const { calls } = fakeApi({
      'GET admin/reservations/46/folio/': () => ({ status: 200, body: bill() }),
      'POST admin/reservations/46/folio/payments/': () => ({
        status: 409,
        body: { detail: 'Nothing is owed on this bill: give a reason to take money anyway', detail_ru: 'По счёту ничего не причитается: чтобы принять деньги, укажите причину' },
      }),
    });
    renderWithProviders(<FolioPanel reservationId={46} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Принять оплату' });
    const amount = within(form).getByRole('textbox');
    expect(amount).toHaveValue('500.00');
    await user.clear(amount);
    await user.click(within(form).getByRole('button', { name: 'Принять оплату' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Введите сумму, например 42,50');
    expect(posted(calls, 'admin/reservations/46/folio/payments/')).toEqual([]);

    await user.type(amount, '500');
    await user.click(within(form).getByRole('button', { name: 'Принять оплату' }));
    expect(await within(form).findByText('По счёту ничего не причитается: чтобы принять деньги, укажите причину')).toBeInTheDocument();
    expect(posted(calls, 'admin/reservations/46/folio/payments/')).toEqual([{ method: 'cash', amount: 500_00, reference: '' }]);
  });
});

const notYet: StayRegistration = {
  ready: false,
  first_name: null,
  last_name: null,
  citizenship: null,
  document_number: null,
  birth_date: null,
  arrival_time: null,
  submitted_at: null,
  erased_at: null,
  open: true,
};

describe('online check-in (issue 45, point 6; issue 44, point 7: the route’s schema checks it)', () => {
  it.each([
    ['ru', 'Имя и фамилия — от 1 до 80 символов', 'Номер документа — от 5 до 30 латинских букв, цифр, пробелов или «-»', 'Сохранить'],
    ['en', 'First and last name: 1 to 80 characters', 'The document number is 5 to 30 Latin letters, digits, spaces or "-"', 'Save'],
  ] as const)('empty details are refused field by field in the screen’s language (%s) and nothing is sent; filled, they are saved', async (language, name, document, save) => {
    await i18n.changeLanguage(language);
    const { calls } = fakeApi({
      'GET hotel/reservations/46/check-in/': () => ({ status: 200, body: notYet }),
      'PUT hotel/reservations/46/check-in/': (call) => ({ status: 200, body: { ...notYet, ...(call.body as object), ready: true, submitted_at: '2099-03-01T10:00:00Z' } }),
    });
    const { container } = renderWithProviders(<CheckInForm reservationId={46} />);
    const user = userEvent.setup();
    const form = await screen.findByTestId('check-in-form');
    await user.click(within(form).getByRole('button', { name: save }));
    expect(await within(form).findAllByText(name)).toHaveLength(2);
    expect(within(form).getByText(document)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await user.type(field('last_name'), 'Novik');
    await user.type(field('first_name'), 'Olga');
    await user.type(field('birth_date'), '1988-03-14');
    await user.type(field('citizenship'), 'Belarus');
    await user.type(field('document_number'), 'mp7654321');
    await user.click(within(form).getByRole('button', { name: save }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { first_name: 'Olga', last_name: 'Novik', citizenship: 'Belarus', document_number: 'MP7654321', birth_date: '1988-03-14', arrival_time: '14:00' },
      ]),
    );
  });
});
