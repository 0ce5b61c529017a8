import { useEffect, useState } from 'react';
import { Tour, type TourProps } from 'antd';
import { finishGuide, pendingGuide, type GuideKind } from '@/lib/guide';
import { useLazyTranslation } from '@/lib/use-namespace';

const target = (selector: string) => () => document.querySelector<HTMLElement>(selector) ?? document.body;

/**
 * §4 Register: the guided tour after an invitation registration: "invite" for members and users,
 * "create" for admins. It points at the space, the menu, the bell and the user menu of the frame.
 */
export function GuideTour() {
  const [kind, setKind] = useState<GuideKind | null>(null);
  useEffect(() => {
    // Let the frame settle (redirects, drawers) before pointing at it.
    const timer = setTimeout(() => setKind(pendingGuide()), 600);
    return () => clearTimeout(timer);
  }, []);
  if (!kind) return null;
  return (
    <GuideSteps
      kind={kind}
      onClose={() => {
        finishGuide();
        setKind(null);
      }}
    />
  );
}

/** The steps; their texts load only when a tour is actually due. */
function GuideSteps({ kind, onClose: close }: { kind: GuideKind; onClose: () => void }) {
  const { t } = useLazyTranslation('spaces');
  const steps: TourProps['steps'] = [
    {
      title: t(kind === 'create' ? 'guide.createTitle' : 'guide.inviteTitle'),
      description: t(kind === 'create' ? 'guide.createText' : 'guide.inviteText'),
      target: null,
    },
    { title: t('guide.space'), target: target('.ks-main__space') },
    { title: t('guide.menu'), target: target('[data-testid="sidebar-menu"], [data-testid="menu-toggle"]') },
    { title: t('guide.bell'), target: target('[data-testid="notification-bell"]') },
    { title: t('guide.user'), target: target('[data-testid="user-menu"]') },
  ].map((step) => ({
    ...step,
    nextButtonProps: { children: t('guide.next') },
    prevButtonProps: { children: t('guide.prev') },
  }));
  steps[steps.length - 1]!.nextButtonProps = { children: t('guide.done') };
  return <Tour open steps={steps} onClose={close} onFinish={close} rootClassName="ks-guide-tour" />;
}
