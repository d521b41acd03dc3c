import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton';

describe('Skeleton', () => {
  it('renders a block hidden from assistive technology', () => {
    const { container } = render(<Skeleton />);
    const block = container.firstElementChild as HTMLElement;
    expect(block).toHaveClass('skeleton', 'sm');
    expect(block).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes numbers as pixels and strings as CSS lengths', () => {
    const { container } = render(
      <>
        <Skeleton width={120} height={16} />
        <Skeleton width="60%" height="2rem" radius="pill" />
      </>,
    );
    const [first, second] = Array.from(container.children) as HTMLElement[];
    expect(first!.style.width).toBe('120px');
    expect(first!.style.height).toBe('16px');
    expect(second!.style.width).toBe('60%');
    expect(second!.style.height).toBe('2rem');
    expect(second).toHaveClass('pill');
  });

  it('CHR-32: radius options render distinct classes', () => {
    const radii = ['sm', 'md', 'lg', 'pill', 'circle'] as const;
    const { container } = render(
      <>
        {radii.map((radius) => (
          <Skeleton key={radius} radius={radius} />
        ))}
      </>,
    );
    Array.from(container.children).forEach((node, index) => expect(node).toHaveClass(radii[index]!));
  });

  it('passes extra props and merges style', () => {
    const { container } = render(<Skeleton className="extra" style={{ marginTop: 8 }} width={40} data-testid="s" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block).toHaveClass('extra');
    expect(block).toHaveStyle({ marginTop: '8px', width: '40px' });
  });

  it('stops the shimmer when the user prefers reduced motion', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'skeleton.module.css'), 'utf8');
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/\.skeleton::after\s*{[^}]*animation:\s*none/);
  });
});
