import type { GlobalThemeOverrides } from 'naive-ui';

/**
 * naive-ui's default palette puts several texts under WCAG AA contrast (green primary text, info blue
 * on its tint, grey "depth 3" text, the empty-state grey). These keep the same hues, darkened in the
 * light theme and lightened in the dark one, so every text reads at 4.5:1 or better (axe-checked in E2E).
 */
export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: '#0c7a43',
    primaryColorHover: '#0e8a4c',
    primaryColorPressed: '#0a6638',
    primaryColorSuppl: '#0e8a4c',
    infoColor: '#1060c9',
    infoColorHover: '#1a6fd8',
    infoColorPressed: '#0d52ab',
    infoColorSuppl: '#1a6fd8',
    successColor: '#0c7a43',
    successColorHover: '#0e8a4c',
    successColorPressed: '#0a6638',
    successColorSuppl: '#0e8a4c',
    warningColor: '#8a5a00',
    warningColorHover: '#9c6600',
    warningColorPressed: '#704900',
    warningColorSuppl: '#9c6600',
    errorColor: '#b4233f',
    errorColorHover: '#c42a48',
    errorColorPressed: '#971c34',
    errorColorSuppl: '#c42a48',
    textColor3: '#595f66',
    placeholderColor: '#6b7178',
  },
  Empty: { textColor: '#595f66' },
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    textColor3: 'rgba(255, 255, 255, 0.62)',
    placeholderColor: 'rgba(255, 255, 255, 0.55)',
  },
  Empty: { textColor: 'rgba(255, 255, 255, 0.62)' },
};
