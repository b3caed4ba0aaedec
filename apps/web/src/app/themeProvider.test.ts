import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableOn, readableTextColors } from './themeProvider.tsx';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('theme: readable text colours', () => {
  it('gives every palette colour a light-variant and a text colour at 4.5:1 on its background', () => {
    const colors = readableTextColors();
    const page = DEFAULT_THEME.colors.gray[0];
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const lightColor = colors[`--mantine-color-${name}-light-color`] as string;
      expect(contrast(lightColor, shades[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightColor, page), `${name} light on the page`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors[`--mantine-color-${name}-text`] as string, page), `${name} text`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('leaves a colour that already reads well as it is', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
    // Orange 9 on orange 1 is 3.6:1: darkened.
    expect(readableOn(DEFAULT_THEME.colors.orange[9], DEFAULT_THEME.colors.orange[1])).not.toBe(
      DEFAULT_THEME.colors.orange[9],
    );
  });
});
