import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ReactivePowerPanel } from './ReactivePowerPanel';

export const REACTIVE_TAB = 'reactive';

/**
 * The tabs of a PV or PV+storage result page: the income result (`children`) and the reactive
 * compensation assessment. The open tab is kept in the address (?tab=reactive), so it can be linked.
 */
export function ResultWithReactiveTab({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const projId = params.get('projId') ?? '';
  const tab = params.get('tab') === REACTIVE_TAB ? REACTIVE_TAB : 'result';
  const change = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === REACTIVE_TAB) next.set('tab', REACTIVE_TAB);
    else next.delete('tab');
    setParams(next);
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={change}
      items={[
        {
          key: 'result',
          label: <span data-testid="result-tab-result">{t('reactivePower.tab.result')}</span>,
          children,
        },
        {
          key: REACTIVE_TAB,
          label: <span data-testid="result-tab-reactive">{t('reactivePower.tab.reactive')}</span>,
          children: <ReactivePowerPanel projId={projId} />,
        },
      ]}
    />
  );
}
