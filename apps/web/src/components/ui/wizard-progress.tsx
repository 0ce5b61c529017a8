import { Grid, Progress, Steps, Typography } from 'antd';

/**
 * Where a wizard is: the step bar on wide screens; on phones "Step n of m: title" (`label`, in the
 * wizard's own words) over a progress bar, which fits where the bar does not.
 */
export function WizardProgress({ step, titles, label }: { step: number; titles: string[]; label: string }) {
  const screens = Grid.useBreakpoint();
  if (screens.md)
    return (
      <Steps
        current={step}
        size="small"
        items={titles.map((title) => ({ title }))}
        style={{ marginBottom: 24 }}
      />
    );
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>{label}</Typography.Text>
      <Progress percent={Math.round(((step + 1) / titles.length) * 100)} showInfo={false} size="small" />
    </div>
  );
}
