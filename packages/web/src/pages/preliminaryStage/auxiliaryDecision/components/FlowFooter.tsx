import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FlowFooterProps {
  readonly first: boolean;
  readonly last: boolean;
  /** A step is being saved or the calculation runs: the buttons wait. */
  readonly busy: boolean;
  readonly onPrev: () => void;
  readonly onNext: () => void;
  readonly onCalculate: () => void;
}

/** Previous / next / calculate, kept at the bottom of the drawer while the step scrolls. */
export function FlowFooter({ first, last, busy, onPrev, onNext, onCalculate }: FlowFooterProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      style={{
        position: 'sticky',
        bottom: -24,
        marginTop: 24,
        padding: '12px 0',
        background: token.colorBgElevated,
        borderTop: `1px solid ${token.colorSplit}`,
        zIndex: 2,
      }}
    >
      <Button disabled={first || busy} onClick={onPrev} data-testid="assessment-prev">
        {t('assessment.flow.prev')}
      </Button>
      {last ? (
        <Button type="primary" loading={busy} onClick={onCalculate} data-testid="assessment-calculate">
          {t('assessment.flow.calculate')}
        </Button>
      ) : (
        <Button type="primary" loading={busy} onClick={onNext} data-testid="assessment-next">
          {t('assessment.flow.next')}
        </Button>
      )}
    </Flex>
  );
}
