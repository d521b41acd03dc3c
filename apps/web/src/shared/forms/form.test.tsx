import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n';
import { renderWithProviders } from '../../test/render';
import { Form } from './form';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Form', () => {
  it('asks for no texts beyond the shared ones: a public page carries its own, and hydrating its form never waits for more', () => {
    const asked = vi.spyOn(i18n, 'load');
    renderWithProviders(
      <Form schema={z.object({ name: z.string() })} onSubmit={() => {}} aria-label="Имя">
        {(form) => <input aria-label="Имя" {...form.register('name')} />}
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
    // No namespace named asks for the translator's default one (`account`).
    const named = asked.mock.calls.map(([names]) => (typeof names === 'string' ? [names] : [...names]));
    expect(named.length).toBeGreaterThan(0);
    for (const names of named) expect(names).toEqual(['common']);
  });
});
