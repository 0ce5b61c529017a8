import { ConfigProvider, Modal, notification, unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import { theme } from './theme';

/**
 * antd's static notification and confirm, loaded when first needed rather than with the first
 * screen. They render outside the React tree: antd 5 needs to be told how to render with React 19,
 * and the theme is applied here.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});

export { Modal, notification };
