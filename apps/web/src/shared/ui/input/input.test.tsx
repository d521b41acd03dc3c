import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { Input } from './input';
import { Select } from './select';
import { TextArea } from './text-area';

const show = () => i18n.t('common:input.showPassword');
const hide = () => i18n.t('common:input.hidePassword');

describe('Input', () => {
  it('CHR-33: the password toggle shows and hides the password', async () => {
    const user = userEvent.setup();
    render(<Input label="Пароль" variant="password" defaultValue="secret-1799" />);
    const input = screen.getByLabelText('Пароль');
    expect(input).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: show() });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('type', 'button');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret-1799');
    expect(toggle).toHaveAccessibleName(hide());
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAccessibleName(show());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('CHR-33: the toggle works from the keyboard and does not submit the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <Input label="Пароль" variant="password" />
      </form>,
    );
    await user.tab();
    expect(screen.getByLabelText('Пароль')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: show() })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'text');
    await user.keyboard(' ');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('CHR-32: variants render distinct classes; regular has no toggle', () => {
    render(
      <>
        <Input label="Имя" />
        <Input label="Код" variant="upper" />
        <Input label="Пароль" variant="password" />
      </>,
    );
    expect(screen.getByLabelText('Имя')).toHaveAttribute('data-variant', 'regular');
    expect(screen.getByLabelText('Имя')).not.toHaveClass('upper');
    expect(screen.getByLabelText('Код')).toHaveClass('input', 'upper');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('data-variant', 'password');
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('upper variant only changes the look: the value keeps what was typed', async () => {
    render(<Input label="Код" variant="upper" />);
    const input = screen.getByLabelText('Код');
    await userEvent.type(input, 'ab12cd');
    expect(input).toHaveValue('ab12cd');
    expect(input).toHaveAttribute('autocapitalize', 'characters');
  });

  it('links the label, hint and error; the error sets aria-invalid', () => {
    const { rerender } = render(<Input label="E-mail" hint="Мы пришлём подтверждение" type="email" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Мы пришлём подтверждение');

    rerender(<Input label="E-mail" hint="Мы пришлём подтверждение" type="email" error="Некорректный e-mail" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Некорректный e-mail Мы пришлём подтверждение');
    expect(screen.getByText('Некорректный e-mail').closest('p')?.id).toBe(
      input.getAttribute('aria-describedby')?.split(' ')[0],
    );
  });

  it('keeps an id and aria-describedby given by the caller', () => {
    render(
      <>
        <p id="extra">Подсказка снаружи</p>
        <Input id="phone" label="Телефон" aria-describedby="extra" error="Обязательное поле" />
      </>,
    );
    const input = screen.getByLabelText('Телефон');
    expect(input).toHaveAttribute('id', 'phone');
    expect(input.getAttribute('aria-describedby')).toBe('extra phone-error');
  });

  it('forwards its ref, so react-hook-form register() works', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm<{ name: string; password: string }>();
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Input label="Имя" {...register('name', { required: 'Обязательное поле' })} error={formState.errors.name?.message} />
          <Input label="Пароль" variant="password" {...register('password')} />
          <button type="submit">Go</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Имя')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Имя')).toHaveFocus();

    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.type(screen.getByLabelText('Пароль'), 'qwerty123');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Анна', password: 'qwerty123' }, expect.anything());
  });
});

describe('TextArea', () => {
  it('has the same label / hint / error API', async () => {
    const ref = { current: null as HTMLTextAreaElement | null };
    render(<TextArea ref={ref} label="Комментарий" hint="До 500 знаков" error="Слишком длинно" />);
    const field = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(ref.current).toBe(field);
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Слишком длинно До 500 знаков');
    await userEvent.type(field, 'Поздний заезд');
    expect(field).toHaveValue('Поздний заезд');
  });
});

describe('Select', () => {
  const options = [
    { value: 'standard', label: 'Стандарт' },
    { value: 'suite', label: 'Люкс' },
  ];

  it('renders a native select with options and a placeholder', async () => {
    const onChange = vi.fn();
    render(<Select label="Номер" placeholder="Выберите номер" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Номер' });
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Выберите номер' })).toBeDisabled();
    await userEvent.selectOptions(select, 'suite');
    expect(select).toHaveValue('suite');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows errors with aria-invalid and aria-describedby, and accepts <option> children', () => {
    render(
      <Select label="Гостей" error="Обязательное поле" defaultValue="2">
        <option value="1">1</option>
        <option value="2">2</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Гостей' });
    expect(select).toHaveValue('2');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Обязательное поле');
  });

  it('works with react-hook-form register()', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ room: string }>();
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Select label="Номер" options={options} placeholder="—" {...register('room')} />
          <button type="submit">Go</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Номер' }), 'standard');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ room: 'standard' }, expect.anything());
  });
});
