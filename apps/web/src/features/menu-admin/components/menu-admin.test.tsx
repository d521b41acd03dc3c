import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@hotel/domain';
import { testProduct } from '../../../test/admin-fixtures';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { toast } from '../../../shared/ui';
import { CategoriesTab } from './categories-tab';
import { ProductForm } from './product-form';

afterEach(() => {
  // The toasts live outside the rendered tree: one test's "Deleted" must not answer the next one's question.
  toast.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
