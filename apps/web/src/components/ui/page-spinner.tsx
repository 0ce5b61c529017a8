import { Spin } from 'antd';

export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
      data-testid="page-spinner"
    >
      <Spin size="large" />
    </div>
  );
}
