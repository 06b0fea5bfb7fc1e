import { type ThemeConfig, theme } from 'antd';

/**
 * The console's one theme module (issue 28): antd's light and dark algorithms with the tokens that
 * bring every text to 4.5:1 and every UI part (input borders, focus rings) to 3:1 against the
 * background it is drawn on. `theme.test.ts` computes each pair from antd's own token derivation.
 *
 * Seeds (colorPrimary, colorError, …) go through antd's algorithm; the other tokens are set as
 * they are shown. The brand blue stays: a darker step of it (#0958d9) in the light theme, a
 * lighter one as text in the dark theme, where filled buttons and the selected menu item keep the
 * darker blue under white text.
 */

/** The brand blue under white text, in both themes. */
export const brandBlue = '#0958d9';

/**
 * antd's preset tag colours draw text in step 7 of a palette on step 1. In the light theme the
 * yellow-to-cyan palettes' step 7 is too light on step 1, so their text takes a darker step.
 * Set on the Tag component: a palette step set globally does not reach the tags' CSS variables.
 */
const lightTagText = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
};

/** In the dark theme the cool palettes' step 7 is too dark on step 1; their text takes a lighter step. */
const darkTagText = {
  purple7: '#ab7ae0',
  geekblue7: '#7f9ef3',
};

const light: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    fontFamily: 'inherit',
    colorPrimary: brandBlue,
    colorInfo: brandBlue,
    colorLink: brandBlue,
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    // The tints of antd's green and gold: derived from the darker seeds they would turn grey.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorBorder: '#8c8c8c',
    colorPrimaryBorder: brandBlue,
  },
  components: { Tag: lightTagText },
};

const darkText = '#5ca0ff';

const dark: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    fontFamily: 'inherit',
    colorPrimary: darkText,
    colorInfo: darkText,
    colorLink: darkText,
    colorError: '#ff7875',
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
    colorBorder: '#7a7a7a',
    colorPrimaryBorder: darkText,
    controlItemBgActive: '#111d2e',
  },
  components: {
    // Filled buttons keep the brand's darker blue under white text; danger ones take black text
    // on the light red that danger text needs on a dark background.
    Button: {
      colorPrimary: brandBlue,
      colorPrimaryHover: '#1668dc',
      colorPrimaryActive: '#003eb3',
      dangerColor: '#000',
    },
    Menu: { darkItemSelectedBg: brandBlue },
    // White on a filled part: the log indicator's count, the date picker's selected day.
    Badge: { colorError: '#cf1322' },
    DatePicker: { colorPrimary: brandBlue },
    Tag: darkTagText,
  },
};

/** The same themes without motion: what an operator who asked the system for less motion sees. */
const still = {
  light: { ...light, token: { ...light.token, motion: false } },
  dark: { ...dark, token: { ...dark.token, motion: false } },
} satisfies Record<'light' | 'dark', ThemeConfig>;

/**
 * The antd theme of the console in the user's light or dark setting. Without `motion` (the
 * system's "reduce motion"), dialogs, drawers and menus open and close at once instead of zooming
 * and sliding. One object per combination, so the providers below do not recompute on a render.
 */
export function consoleTheme(mode: 'light' | 'dark', motion = true): ThemeConfig {
  if (!motion) return still[mode];
  return mode === 'dark' ? dark : light;
}
