import type { Environment } from '@shared/contract/profiles';
import { t } from '../i18n';

/**
 * One colour per environment, used everywhere a profile is shown (docs/architecture.md: sandbox teal, test amber,
 * production red). A profile's own `colour` only tints sandbox/test: production is always red, so it
 * can never be dressed up to look harmless.
 */
export const ENVIRONMENT_COLOURS: Record<Environment, string> = {
  // Dark enough for white text at WCAG AA (4.5:1): teal 700, amber 700, red 600.
  sandbox: '#0f766e',
  test: '#b45309',
  production: '#dc2626',
};

/** The environment's name in the current language. */
export const environmentLabel = (environment: Environment | string): string =>
  environment in ENVIRONMENT_COLOURS ? t(`environment.${environment as Environment}`) : environment;

export function environmentColour(environment: Environment, colour?: string): string {
  if (environment === 'production') return ENVIRONMENT_COLOURS.production;
  return colour ?? ENVIRONMENT_COLOURS[environment];
}

/**
 * White or near-black text, whichever reads better on `background` (a profile may choose its own
 * colour): the WCAG contrast of both is computed and the higher one wins.
 */
export function readableTextOn(background: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(background);
  if (!match?.[1]) return '#fff';
  const channel = (offset: number) => {
    const value = parseInt(match[1]!.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= onBlack ? '#fff' : '#111';
}
