import { ConfigProvider, Modal, notification } from 'antd';
import { theme } from './theme';

/**
 * antd's static notification and confirm, loaded when first needed rather than with the first
 * screen. They render outside the React tree, so the theme is applied here.
 */
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});

export { Modal, notification };
