import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_MESSAGES, type NoticePreferences } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders, type FakeCall } from '../../../test/render';
import { NoticeSettings } from './notice-settings';

const reception: NoticePreferences = {
  email: true,
  telegram: true,
  quiet_hours: null,
  telegram_linked: false,
  telegram_available: true,
  roles: ['reception'],
  kinds: ['booking', 'cancellation', 'table', 'calendar_conflict'],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

describe('the account’s staff notices (issue 49, point 5)', () => {
  it('shows what the roles are told of, and saves the channels and quiet hours', async () => {
    let saved: unknown;
    const api = fakeApi({
      'GET account/notices/': () => ({ status: 200, body: reception }),
      'PUT account/notices/': (call: FakeCall) => {
        saved = call.body;
        return { status: 200, body: { ...reception, ...(call.body as object) } };
      },
    });
    renderWithProviders(<NoticeSettings />, { route: '/account/notices' });
    const kinds = await screen.findByTestId('notice-kinds');
    expect(within(kinds).getAllByRole('listitem')).toHaveLength(4);
    expect(kinds).toHaveTextContent('Заявки на столики');
    const form = screen.getByTestId('notice-channels-form');
    await userEvent.click(within(form).getByLabelText('По почте'));
    await userEvent.click(within(form).getByLabelText('Без уведомлений ночью'));
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toEqual({ email: false, telegram: true, quiet_hours: { from: '23:00', to: '07:00' } }));
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows the server’s refusal in the person’s language', async () => {
    await i18n.changeLanguage('en');
    fakeApi({
      'GET account/notices/': () => ({ status: 200, body: { ...reception, quiet_hours: { from: '23:00', to: '07:00' } } }),
      'PUT account/notices/': () => ({ status: 422, body: { detail: `body.quiet_hours.to: ${NOTICE_MESSAGES['account:notices.validation.sameTimes'].en}` } }),
    });
    renderWithProviders(<NoticeSettings />, { route: '/account/notices' });
    const form = await screen.findByTestId('notice-channels-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Quiet hours cannot start and end at the same time');
  });

  it('links Telegram through the bot’s one-time link, and says when an account holds no staff role', async () => {
    fakeApi({
      'GET account/notices/': () => ({ status: 200, body: reception }),
      'POST account/notices/telegram/': () => ({ status: 200, body: { url: 'https://t.me/house_bot?start=abc', expires_at: '2026-11-29T01:00:00.000Z' } }),
    });
    const { unmount } = renderWithProviders(<NoticeSettings />, { route: '/account/notices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    expect(await screen.findByRole('link', { name: 'Открыть бота в Telegram' })).toHaveAttribute('href', 'https://t.me/house_bot?start=abc');
    unmount();

    fakeApi({ 'GET account/notices/': () => ({ status: 403, body: { detail: NOTICE_MESSAGES['account:notices.refused.notStaff'].ru } }) });
    renderWithProviders(<NoticeSettings />, { route: '/account/notices' });
    expect(await screen.findByText('Уведомления получают сотрудники. У вашего аккаунта нет роли сотрудника.')).toBeInTheDocument();
  });
});
