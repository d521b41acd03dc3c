import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { FullScreenSpinner, Spinner } from './spinner';

describe('Spinner', () => {
  it('is a labelled progressbar by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('progressbar', { name: i18n.t('common:loading') })).toHaveClass('spinner', 'md');
  });

  it('CHR-32: sizes render distinct classes', () => {
    render(
      <>
        <Spinner size="sm" label="sm" />
        <Spinner size="md" label="md" />
        <Spinner size="lg" label="lg" />
      </>,
    );
    for (const size of ['sm', 'md', 'lg']) {
      const spinner = screen.getByRole('progressbar', { name: size });
      expect(spinner).toHaveClass(size);
      for (const other of ['sm', 'md', 'lg'].filter((s) => s !== size)) expect(spinner).not.toHaveClass(other);
    }
  });

  it('can be purely decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('FullScreenSpinner', () => {
  it('covers the page with a labelled progressbar', () => {
    render(<FullScreenSpinner />);
    const overlay = screen.getByTestId('fullscreen-spinner');
    expect(overlay).toBe(screen.getByRole('progressbar', { name: i18n.t('common:loading') }));
    expect(overlay).toHaveClass('fullscreen');
    // The inner spinner does not add a second progressbar.
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<FullScreenSpinner />);
      expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});
