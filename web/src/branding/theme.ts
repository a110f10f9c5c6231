import type { ThemeConfig } from 'antd';

/**
 * antd's default blue (#1677ff) reads at 4.1:1 on white, under WCAG AA's 4.5:1 for text; its next shade
 * passes on white, on the page grey and on the selected-menu tint.
 */
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    // Secondary text (Typography type="secondary", descriptions) and placeholders at antd's 45 % and 25 %
    // black read at 3.4:1 and 1.8:1; 60 % reads at 5.3:1 even on the grey of table headers and hovers.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Descriptions labels and other tertiary text at antd's 45 % black read at 3.4:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // The danger button's and error text's red (#ff4d4f) reads at 3.3:1 on white; red-7 reads at 5.9:1.
    colorError: '#cf1322',
    // The gold tag's text (gold-7 on gold-1) reads at 2.8:1; gold-9 reads at 6.5:1.
    gold7: '#874d00',
  },
};
