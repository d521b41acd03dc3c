import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@hotel/domain';
import { testCategory, testProduct } from '../../../test/admin-fixtures';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { useSession } from '../../../shared/session/session-store';
import { ProductsTab } from './products-tab';

// The admin area is a manager's here: they may change everything on the screen (issue 49).
beforeEach(() => useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['manager'] }));
afterEach(() => {
  useSession.getState().signedOut();
  vi.unstubAllGlobals();
});

const categories: AdminCategory[] = [testCategory(), testCategory({ id: 2, title: { ru: 'Выпечка', en: 'Pastry' } })];
const soup = testProduct();
const pie = testProduct({
  id: 5,
  name: { ru: 'Пирог', en: 'Pie' },
  description: { ru: 'С яблоками', en: 'With apples' },
  price: 12_00,
  category: { id: 2, title: categories[1]!.title },
  hidden: true,
});

describe('ProductsTab (ADM-27, ADM-28, ADM-29, ADM-30, ADM-31, ADM-32, ADM-33, ADM-34, ADM-35, ADM-36)', () => {
  it('a dish’s price is written as everywhere else: "12 BYN", not "12 Br" (issue 48)', async () => {
    fakeApi({
      'GET admin/menu/products/': () => ({ status: 200, body: [pie] }),
      'GET admin/menu/categories/': () => ({ status: 200, body: categories }),
    });
    renderWithProviders(<ProductsTab />);
    const [card] = await screen.findAllByTestId('admin-product-card');
    expect(card).toHaveTextContent(/12\sBYN/);
    expect(card).not.toHaveTextContent('Br');
  });

  it('ADM-29: clicking a product opens it in an edit dialog filled with its fields, with delete', async () => {
    fakeApi({
      'GET admin/menu/products/': () => ({ status: 200, body: [soup, pie] }),
      'GET admin/menu/categories/': () => ({ status: 200, body: categories }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click((await screen.findAllByTestId('admin-product-card'))[1]!);

    const dialog = await screen.findByRole('dialog', { name: 'Блюдо' });
    const form = await within(dialog).findByTestId('product-form');
    const [names, descriptions] = within(form).getAllByRole('group');
    expect(within(names!).getByLabelText(/По-русски/)).toHaveValue('Пирог');
    expect(within(names!).getByLabelText(/In English/)).toHaveValue('Pie');
    expect(within(descriptions!).getByLabelText(/По-русски/)).toHaveValue('С яблоками');
    expect(within(form).getByLabelText(/Цена, BYN/)).toHaveValue('12');
    expect(within(form).getByLabelText(/Категория/)).toHaveValue('2');
    expect(within(form).getByRole('checkbox', { name: /^Скрыть из меню/ })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    expect(within(form).getByTestId('delete-product')).toBeInTheDocument();
  });

  it('issue 49: the kitchen adds and edits no dish, but hides one that ran out and shows it again', async () => {
    useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['kitchen'] });
    let hidden = false;
    const { calls } = fakeApi({
      'GET admin/menu/products/': () => ({ status: 200, body: [{ ...soup, hidden }] }),
      'GET admin/menu/categories/': () => ({ status: 200, body: categories }),
      [`PUT admin/menu/products/${soup.id}/hidden/`]: (request) => {
        hidden = (request.body as { hidden: boolean }).hidden;
        return { status: 200, body: { ...soup, hidden } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductsTab />);
    await user.click(await screen.findByRole('button', { name: 'Закончилось: скрыть' }));
    expect(await screen.findByRole('button', { name: 'Есть снова: показать' })).toBeInTheDocument();
    expect(screen.queryByTestId('add-product')).toBeNull();
    expect(screen.getByTestId('admin-product-card').tagName).toBe('DIV');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([[`admin/menu/products/${soup.id}/hidden/`, { hidden: true }]]);
  });
});
