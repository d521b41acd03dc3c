import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageField } from './image-field';

describe('the picture field', () => {
  it('speaks the page’s language, not the browser’s, and names the chosen file', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ImageField label="Фото блюда" file={null} onChange={onChange} />);
    expect(screen.getByText('Выбрать файл')).toBeVisible();
    expect(screen.getByText('Файл не выбран')).toBeVisible();

    // The input itself is what the label names, so keyboards and screen readers still reach it.
    const input = screen.getByLabelText('Фото блюда');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'pie.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    expect(onChange).toHaveBeenCalledWith(file);
    rerender(<ImageField label="Фото блюда" file={file} onChange={onChange} />);
    expect(screen.getByText('pie.png')).toBeVisible();
  });

  it('beside the picture there is now, says nothing of a file until another is chosen', () => {
    render(<ImageField label="Фото блюда" file={null} onChange={vi.fn()} current="http://localhost/uploads/borscht.webp" />);
    expect(screen.getByText('Выбрать файл')).toBeVisible();
    expect(screen.queryByText('Файл не выбран')).toBeNull();
  });
});
