import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, User } from '@hotel/domain';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { toast } from '../../../shared/ui';
import { Administrators } from './administrators';

afterEach(() => {
  // The toasts live outside the rendered tree: one test's "Deleted" must not answer the next one's question.
  toast.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const superuser: User = { ...testUser, id: 1, email: 'boss@example.com', role: 'superuser' };
const admins: AdminUser[] = [
  { id: 1, username: 'boss', first_name: null, last_name: null, email: 'boss@example.com', role: 'superuser', is_active: true },
  { id: 2, username: 'olga', first_name: null, last_name: null, email: 'olga@example.com', role: 'admin', is_active: true },
];

describe('Administrators (ADM-42, ADM-43, ADM-44, ADM-45, ADM-46, ADM-47, ADM-48)', () => {
  it('ADM-46, ADM-47: delete shows for a superuser viewer, never on a superuser; an admin sees none', async () => {
    fakeApi({ 'GET admin/admins/': () => ({ status: 200, body: admins }) });
    const view = renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    expect(within(rows[0]!).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('ID 2');
    expect(rows[1]).toHaveTextContent('olga@example.com');
    view.unmount();

    renderWithProviders(<Administrators viewer={{ ...superuser, id: 2, email: 'olga@example.com', role: 'admin' }} />);
    await screen.findAllByTestId('admin-row');
    expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();
  });

  it('names each administrator by the profile’s names, then the nickname; «без имени» only when there is neither (issue 26)', async () => {
    const named: AdminUser[] = [
      { id: 4, username: null, first_name: 'Ольга', last_name: 'Новик', email: 'o@example.com', role: 'admin', is_active: true },
      { id: 5, username: 'petr', first_name: null, last_name: null, email: 'p@example.com', role: 'admin', is_active: true },
      { id: 6, username: null, first_name: null, last_name: null, email: 'n@example.com', role: 'admin', is_active: true },
    ];
    fakeApi({ 'GET admin/admins/': () => ({ status: 200, body: named }) });
    renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ольга Новик'),
      expect.stringContaining('petr'),
      expect.stringContaining('без имени'),
    ]);
  });

  it('issue 21: each administrator shows whether the account is confirmed; one that is not says it has no access', async () => {
    fakeApi({ 'GET admin/admins/': () => ({ status: 200, body: [...admins, { id: 3, username: null, first_name: null, last_name: null, email: 'new@example.com', role: 'admin', is_active: false }] }) });
    renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    expect(rows.map((row) => within(row).getByTestId('admin-state').textContent)).toEqual(['подтверждён', 'подтверждён', 'e-mail не подтверждён: доступа нет']);
  });

  it('ADM-43, ADM-44, ERR-16, ERR-17, ERR-18, ERR-19, issue 21: the e-mail field shows the spec’s message for each answer (an unconfirmed account too), "Error adding administrator" for any other failure', async () => {
    const answers: ({ status: number; body: unknown } | 'unreachable')[] = [
      { status: 404, body: { detail: 'User not found' } },
      { status: 400, body: { detail: 'The user is already an administrator' } },
      { status: 400, body: { detail: 'The user has not confirmed their e-mail address yet' } },
      { status: 403, body: { detail: 'Insufficient rights to perform the operation' } },
      { status: 500, body: { detail: 'Internal server error' } },
      'unreachable',
    ];
    const { calls } = fakeApi({
      'GET admin/admins/': () => ({ status: 200, body: admins }),
      'POST admin/admins/add/': () => {
        const answer = answers.shift()!;
        if (answer === 'unreachable') throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Administrators viewer={superuser} />);
    const email = screen.getByLabelText(/E-mail пользователя/);
    const add = screen.getByRole('button', { name: 'Добавить администратора' });

    await user.type(email, 'not-an-email');
    await user.click(add);
    expect(await screen.findByText('Введите корректный e-mail')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'Boss@Example.com');
    await user.click(add);
    expect(await screen.findByText('Нельзя добавить самого себя')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    for (const message of [
      'Пользователь не найден',
      'Пользователь уже является администратором',
      'Пользователь ещё не подтвердил e-mail: сначала он должен ввести код из письма',
      'Недостаточно прав для выполнения операции',
      'Произошла ошибка при добавлении администратора',
      'Произошла ошибка при добавлении администратора',
    ]) {
      await user.clear(email);
      await user.type(email, 'anna@example.com');
      await user.click(add);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual(Array(6).fill({ email: 'anna@example.com' }));
  });

  it('ADM-48: removal asks in the page’s own dialog, Back focused first; while it runs the dialog cannot be closed; then the administrator leaves the list', async () => {
    let listed = admins;
    let answer!: () => void;
    const { calls } = fakeApi({
      'GET admin/admins/': () => ({ status: 200, body: listed }),
      'POST admin/admins/delete/': () =>
        new Promise((resolve) => {
          answer = () => {
            listed = [admins[0]!];
            resolve({ status: 204 });
          };
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Удалить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Снятие прав администратора' });
    expect(dialog).toHaveAccessibleDescription('Снять права администратора с olga@example.com?');
    const back = within(dialog).getByRole('button', { name: 'Назад' });
    await waitFor(() => expect(back).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Снять права' }));

    const confirm = within(dialog).getByTestId('confirm-action');
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    expect(back).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Снятие прав администратора' })).toHaveAttribute('data-state', 'open');

    answer();
    expect(await screen.findByText('Администратор удалён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'olga@example.com' }]);
  });

  it('Back, or Escape, removes nobody and gives the focus back to the row’s button', async () => {
    const { calls } = fakeApi({ 'GET admin/admins/': () => ({ status: 200, body: admins }) });
    const user = userEvent.setup();
    renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    const remove = within(rows[1]!).getByRole('button', { name: 'Удалить' });

    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveFocus();

    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getAllByTestId('admin-row')).toHaveLength(2);
  });

  it('ERR-20: a failed removal shows "Error removing administrator", closes the dialog, and the administrator stays listed', async () => {
    const { calls } = fakeApi({
      'GET admin/admins/': () => ({ status: 200, body: admins }),
      'POST admin/admins/delete/': () => ({ status: 500, body: { detail: 'Internal server error' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Administrators viewer={superuser} />);
    const rows = await screen.findAllByTestId('admin-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Снять права' }));
    // The Russian of "Error removing administrator" (admin:users.removeError).
    expect(await screen.findByText('Ошибка при удалении администратора')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Администратор удалён')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'olga@example.com' });
    expect(screen.getAllByTestId('admin-row')).toHaveLength(2);
  });

  it('ERR-15: a failed list says so', async () => {
    fakeApi({ 'GET admin/admins/': () => ({ status: 500, body: { detail: 'Internal server error' } }) });
    renderWithProviders(<Administrators viewer={superuser} />);
    expect(await screen.findByText('Ошибка загрузки пользователей')).toBeInTheDocument();
  });
});
