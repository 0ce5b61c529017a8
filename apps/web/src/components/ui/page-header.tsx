import type { ReactNode } from 'react';
import { Typography } from 'antd';

export function PageHeader({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        marginBottom: 20,
      }}
    >
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', maxWidth: 760 }}>
            {description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}
