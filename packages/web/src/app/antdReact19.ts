import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd 5 renders a few things outside the React tree (button wave effect, static APIs) with
 * ReactDOM.render, which React 19 removed. This gives it createRoot instead — what antd's
 * official patch (@ant-design/v5-patch-for-react-19) does. Remove when moving to antd 6.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
