import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../i18n';
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from './button';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'outline', 'clearly'];
const SIZES: ButtonSize[] = ['sm', 'md'];

describe('Button', () => {
  it.each([
    ['ru', 'Загрузка…'],
    ['en', 'Loading...'],
  ])('CHR-31: a loading button shows "Loading..." in the visitor\'s language (%s), is disabled and aria-busy', async (language, loading) => {
    await i18n.changeLanguage(language);
    onTestFinished(async () => {
      await i18n.changeLanguage('ru');
    });
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Забронировать
      </Button>,
    );
    const button = screen.getByRole('button', { name: loading });
    expect(button).toHaveTextContent(loading);
    expect(button).not.toHaveTextContent('Забронировать');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('CHR-31: without loading it shows its label, is enabled and not busy', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Забронировать</Button>);
    const button = screen.getByRole('button', { name: 'Забронировать' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('CHR-32: every variant and size renders its own class', () => {
    const classSets = new Set<string>();
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        render(
          <Button variant={variant} size={size}>
            {`${variant}-${size}`}
          </Button>,
        );
        const button = screen.getByRole('button', { name: `${variant}-${size}` });
        expect(button).toHaveClass('button', variant, size);
        for (const other of VARIANTS.filter((v) => v !== variant)) expect(button).not.toHaveClass(other);
        for (const other of SIZES.filter((s) => s !== size)) expect(button).not.toHaveClass(other);
        classSets.add(button.className);
      }
    }
    expect(classSets.size).toBe(VARIANTS.length * SIZES.length);
  });

  it('CHR-32: defaults to primary / md; fullWidth adds its class', () => {
    render(
      <>
        <Button>Default</Button>
        <Button fullWidth>Wide</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Default' })).toHaveClass('primary', 'md');
    expect(screen.getByRole('button', { name: 'Default' })).not.toHaveClass('fullWidth');
    expect(screen.getByRole('button', { name: 'Wide' })).toHaveClass('fullWidth');
  });

  it('is keyboard operable and can submit a form', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Отправить</Button>
      </form>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('forwards its ref and extra props', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Button ref={ref} className="extra" aria-label="Меню">
        ☰
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Меню' }));
    expect(ref.current).toHaveClass('extra', 'button');
  });
});

describe('ButtonLink', () => {
  it('CHR-32: renders a router link with the same classes as Button', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/hotel" variant="outline" size="sm" fullWidth>
          Номера
        </ButtonLink>
        <Button variant="outline" size="sm" fullWidth>
          Кнопка
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Номера' });
    expect(link).toHaveAttribute('href', '/hotel');
    expect(link.className).toBe(screen.getByRole('button', { name: 'Кнопка' }).className);
  });

  it('navigates on click', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<ButtonLink to="/restaurant">Ресторан</ButtonLink>} />
          <Route path="/restaurant" element={<h1>Restaurant page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Ресторан' }));
    expect(screen.getByRole('heading', { name: 'Restaurant page' })).toBeInTheDocument();
  });
});
