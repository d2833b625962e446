import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { motionOptions, prefersReducedMotion } from './theme';

describe('motion follows the system setting (WCAG 2.3.3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['reduce', true],
    ['no-preference', false],
  ])('prefers-reduced-motion: %s → %s', (setting, expected) => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === `(prefers-reduced-motion: ${setting})`,
    }));
    expect(prefersReducedMotion()).toBe(expected);
  });

  it('with less motion asked for, MUI transitions take no time and animate nothing', () => {
    const theme = createTheme(motionOptions(true));
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
  });

  it('otherwise MUI keeps its own transitions', () => {
    const theme = createTheme(motionOptions(false));
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
