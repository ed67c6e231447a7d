import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfidenceBadge } from './confidence-badge.tsx';

const badgeText = (confidence: number) => {
  const { container, unmount } = render(<ConfidenceBadge confidence={confidence} />);
  const text = container.textContent;
  unmount();
  return text;
};

describe('confidence badge', () => {
  it('says the level in words with the percentage, not by colour alone', () => {
    render(<ConfidenceBadge confidence={0.92} />);
    const badge = screen.getByTitle('High confidence');
    expect(badge).toHaveTextContent('High confidence · 92%');
  });

  it('is high from 80%, medium from 50%, low below', () => {
    expect(badgeText(0.8)).toBe('High confidence · 80%');
    expect(badgeText(0.799)).toBe('Medium confidence · 80%');
    expect(badgeText(0.5)).toBe('Medium confidence · 50%');
    expect(badgeText(0.49)).toBe('Low confidence · 49%');
    expect(badgeText(0)).toBe('Low confidence · 0%');
  });

  it('never shows more than 100% or less than 0%', () => {
    expect(badgeText(1.2)).toBe('High confidence · 100%');
    expect(badgeText(-0.1)).toBe('Low confidence · 0%');
  });
});
