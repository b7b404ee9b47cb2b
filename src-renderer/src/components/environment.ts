import type { Environment } from '@shared/contract/profiles';
import { t } from '../i18n';

/**
 * One colour per environment, used everywhere a profile is shown (design.md: sandbox teal, test amber,
 * production red). A profile's own `colour` only tints sandbox/test: production is always red, so it
 * can never be dressed up to look harmless.
 */
export const ENVIRONMENT_COLOURS: Record<Environment, string> = {
  sandbox: '#0d9488',
  // Dark amber: white text on it keeps WCAG AA contrast (4.5:1) in the environment tag.
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
