import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminUser, User } from '@hotel/domain';
import { testProduct } from '../../../test/admin-fixtures';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { toast } from '../../../shared/ui';
import { Administrators } from './administrators';
import { CategoriesTab } from './categories-tab';
import { ProductForm } from './product-form';

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

const categories: AdminCategory[] = [
  { id: 1, title: { ru: 'Супы', en: 'Soups' }, product_count: 2 },
  { id: 2, title: { ru: 'Десерты', en: '' }, product_count: 0 },
];

describe('CategoriesTab (ADM-37, ADM-38, ADM-39, ADM-40, ADM-41)', () => {
  it('ADM-41: create is disabled while the title is spaces', async () => {
    fakeApi({ 'GET admin/menu/categories/': () => ({ status: 200, body: categories }) });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesTab />);
    const ru = screen.getByLabelText(/Название категории · По-русски/);
    await user.type(ru, '   ');
    expect(screen.getByRole('button', { name: 'Создать' })).toBeDisabled();
    await user.type(ru, 'Супы');
    expect(screen.getByRole('button', { name: 'Создать' })).toBeEnabled();
  });

  it('ADM-38, ADM-39: change fills the input and turns create into save; save sends the new title, the list shows it and the form is empty again', async () => {
    let listed = categories;
    const { calls } = fakeApi({
      'GET admin/menu/categories/': () => ({ status: 200, body: listed }),
      'PUT admin/menu/categories/2/': () => {
        listed = [categories[0]!, { ...categories[1]!, title: { ru: 'Сладкое', en: 'Sweets' } }];
        return { status: 200, body: listed[1] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesTab />);
    const ru = screen.getByLabelText(/Название категории · По-русски/);
    const en = screen.getByLabelText(/Название категории · In English/);
    const list = await screen.findByTestId('admin-categories');

    await user.click(within(list).getAllByRole('button', { name: 'Изменить' })[1]!);
    expect(ru).toHaveValue('Десерты');
    expect(screen.queryByRole('button', { name: 'Создать' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    await user.clear(ru);
    await user.type(ru, 'Сладкое');
    await user.type(en, 'Sweets');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: { ru: 'Сладкое', en: 'Sweets' } }));
    expect(await within(list).findByText('Сладкое')).toBeInTheDocument();
    expect(within(list).queryByText('Десерты')).toBeNull();
    await waitFor(() => expect(ru).toHaveValue(''));
    expect(en).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Создать' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('ADM-40: cancel, or deleting the category being changed, empties the input and turns save back into create', async () => {
    const desserts: AdminCategory = { ...categories[1]!, title: { ru: 'Десерты', en: 'Desserts' } };
    let listed = [categories[0]!, desserts];
    fakeApi({
      'GET admin/menu/categories/': () => ({ status: 200, body: listed }),
      'DELETE admin/menu/categories/2/': () => {
        listed = [categories[0]!];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesTab />);
    const ru = screen.getByLabelText(/Название категории · По-русски/);
    const en = screen.getByLabelText(/Название категории · In English/);
    const list = await screen.findByTestId('admin-categories');
    const leftEditing = () => {
      expect(ru).toHaveValue('');
      expect(en).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Создать' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Отмена' })).toBeNull();
    };

    await user.click(within(list).getAllByRole('button', { name: 'Изменить' })[0]!);
    expect(ru).toHaveValue('Супы');
    expect(en).toHaveValue('Soups');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    leftEditing();

    await user.click(within(list).getAllByRole('button', { name: 'Изменить' })[1]!);
    expect(ru).toHaveValue('Десерты');
    expect(en).toHaveValue('Desserts');
    await user.click(within(list).getAllByRole('button', { name: 'Удалить' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Удаление категории' });
    expect(dialog).toHaveAccessibleDescription('Удалить категорию «Десерты»?');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(list).queryByText('Десерты')).toBeNull());
    await waitFor(leftEditing);
  });

  it('deleting a category that still has dishes shows why it was refused, and closes the dialog', async () => {
    fakeApi({
      'GET admin/menu/categories/': () => ({ status: 200, body: categories }),
      'DELETE admin/menu/categories/1/': () => ({ status: 409, body: { detail: 'The category still has dishes: move or delete them first' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesTab />);
    const list = await screen.findByTestId('admin-categories');
    await user.click(within(list).getAllByRole('button', { name: 'Удалить' })[0]!);
    await user.click(within(await screen.findByRole('dialog', { name: 'Удаление категории' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(/В категории есть блюда/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getByText('Супы')).toBeInTheDocument();
  });

  it('Back deletes no category', async () => {
    const { calls } = fakeApi({ 'GET admin/menu/categories/': () => ({ status: 200, body: categories }) });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesTab />);
    const list = await screen.findByTestId('admin-categories');
    await user.click(within(list).getAllByRole('button', { name: 'Удалить' })[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(within(list).getByText('Супы')).toBeInTheDocument();
  });
});

const pie = testProduct({ id: 5, name: { ru: 'Пирог', en: 'Pie' }, description: { ru: 'С яблоками', en: 'With apples' }, price: 12_00 });

describe('ProductForm (ADM-31, ADM-32, ADM-33, ADM-34, ADM-35, ADM-36)', () => {
  it('ADM-32, ADM-33, ADM-34: price above 0 with a leading zero stripped, a category required', async () => {
    const { calls } = fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProductForm categories={categories} onDone={() => {}} />);
    const names = screen.getAllByRole('group')[0]!;
    await user.type(within(names).getByLabelText(/По-русски/), 'Борщ');
    const descriptions = screen.getAllByRole('group')[1]!;
    await user.type(within(descriptions).getByLabelText(/По-русски/), 'Со сметаной');
    const price = screen.getByLabelText(/Цена, BYN/);
    await user.type(price, '05');
    expect(price).toHaveValue('5');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Цена должна быть больше 0')).toBeInTheDocument();
    expect(screen.getByLabelText(/Категория/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('ADM-35: an edit sends only the changed fields, then uploads the picture', async () => {
    const { calls } = fakeApi({
      'PUT admin/menu/products/5/': () => ({ status: 200, body: { ...pie, price: 13_50 } }),
      'POST admin/menu/products/5/': () => ({ status: 200, body: { ...pie, price: 13_50 } }),
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProductForm product={pie} categories={categories} onDone={onDone} />);
    const price = screen.getByLabelText(/Цена, BYN/);
    await user.clear(price);
    await user.type(price, '13,5');
    await user.upload(screen.getByLabelText('Фото блюда'), new File([new Uint8Array([137, 80, 78, 71])], 'pie.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT admin/menu/products/5/', 'POST admin/menu/products/5/']);
    expect(calls[0]!.body).toEqual({ price: 13_50 });
    expect((calls[1]!.body as FormData).get('image')).toBeInstanceOf(File);
  });

  it('ADM-30: delete asks first; Back deletes nothing, Удалить deletes the dish and closes the form', async () => {
    const { calls } = fakeApi({ 'DELETE admin/menu/products/5/': () => ({ status: 204 }) });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProductForm product={pie} categories={categories} onDone={onDone} />);

    await user.click(screen.getByTestId('delete-product'));
    let dialog = await screen.findByRole('dialog', { name: 'Удаление блюда' });
    expect(dialog).toHaveAccessibleDescription('Удалить блюдо «Пирог»?');
    await user.click(within(dialog).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('delete-product'));
    dialog = await screen.findByRole('dialog', { name: 'Удаление блюда' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE admin/menu/products/5/']);
    expect(await screen.findByText('Удалено')).toBeInTheDocument();
  });
});
