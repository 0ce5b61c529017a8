import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f4fd1',
    // WCAG AA (4.5:1 on white and on table headers): antd's default secondary text is 3.4:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Links, info and danger texts at 4.5:1 on white and on the grey page (antd's are 3.3–4:1).
    colorLink: '#1f4fd1',
    colorInfo: '#1f4fd1',
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f1b3d', headerPadding: '0 20px' },
    Menu: { darkItemBg: '#0f1b3d', darkSubMenuItemBg: '#0b1530' },
  },
};
