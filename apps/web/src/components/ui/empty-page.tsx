import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { PageHeader } from './page-header';

/**
 * A page whose records do not exist yet: it says what the page is for and that there is
 * nothing here, without pretending there is data.
 */
export function EmptyPage(props: {
  title: string;
  description: string;
  empty: string;
  hint?: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div data-testid="empty-page">
      <PageHeader title={props.title} description={props.description} extra={props.extra} />
      {props.children}
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{props.empty}</strong>
              {props.hint ? <span>{props.hint}</span> : null}
            </span>
          }
        />
      </Card>
    </div>
  );
}
