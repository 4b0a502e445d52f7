import { BuildOutlined, CameraOutlined, FundOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Flex, Modal, Row, Segmented, Steps, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { readShowGuide, writeShowGuide } from '../../api/account';
import { GUIDE_FUNCTIONS, GUIDE_SCENARIOS, type GuideFunction, type GuideScenarioId } from './guideContent';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

const FUNCTION_ICONS: Record<GuideFunction['id'], ReactNode> = {
  assessment: <FundOutlined />,
  survey: <CameraOutlined />,
  design: <BuildOutlined />,
};

/**
 * New-user guide (spec 000 §2, §4): the three main functions, then the step flow of each scenario
 * (PV, storage, PV + storage, drone survey, optimal design) with a button that starts it. The skip
 * button turns the show-guide flag off and closes; the checkbox turns it on or off. The flag is
 * kept per user in this browser (no server field exists; see api/account.ts readShowGuide).
 */
export function GuideDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useDialogUser();
  const userId = user?.id ?? null;
  const [page, setPage] = useState<'functions' | 'scenarios'>('functions');
  const [scenarioId, setScenarioId] = useState<GuideScenarioId>('pv');
  const [activeStep, setActiveStep] = useState(0);
  const [showGuide, setShowGuide] = useState(() => readShowGuide(userId));
  // Another tab or an earlier skip may have changed the flag: read it again on every opening.
  useEffect(() => {
    if (props.open) setShowGuide(readShowGuide(userId));
  }, [props.open, userId]);
  const scenario = GUIDE_SCENARIOS.find((item) => item.id === scenarioId) ?? GUIDE_SCENARIOS[0];

  const close = () => {
    setPage('functions');
    setActiveStep(0);
    props.onClose();
  };
  const toggleShowGuide = (show: boolean) => {
    setShowGuide(show);
    writeShowGuide(userId, show);
  };
  const skip = () => {
    toggleShowGuide(false);
    close();
  };
  const go = (route: string) => {
    close();
    navigate(route);
  };
  const pickScenario = (id: GuideScenarioId) => {
    setScenarioId(id);
    setActiveStep(0);
    setPage('scenarios');
  };

  const footer = (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Checkbox
        checked={showGuide}
        onChange={(event) => toggleShowGuide(event.target.checked)}
        data-testid="guide-show-toggle"
      >
        {t('dialogs.guide.showOnStart')}
      </Checkbox>
      <Flex gap={8}>
        <Button onClick={skip} data-testid="guide-skip">
          {t('dialogs.guide.skip')}
        </Button>
        {page === 'functions' ? (
          <Button type="primary" onClick={() => setPage('scenarios')} data-testid="guide-next">
            {t('dialogs.guide.next')}
          </Button>
        ) : (
          <>
            <Button onClick={() => setPage('functions')}>{t('dialogs.guide.back')}</Button>
            {scenario ? (
              <Button type="primary" onClick={() => go(scenario.route)} data-testid="guide-start">
                {t('dialogs.guide.start')}
              </Button>
            ) : null}
          </>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal open={props.open} onCancel={close} title={t('dialogs.guide.title')} footer={footer} width={880}>
      <div data-testid="dialog-guide">
        {page === 'functions' ? (
          <>
            <Typography.Paragraph type="secondary">{t('dialogs.guide.intro')}</Typography.Paragraph>
            <Row gutter={[16, 16]}>
              {GUIDE_FUNCTIONS.map((fn) => (
                <Col key={fn.id} xs={24} md={8}>
                  <Card
                    hoverable
                    style={{ height: '100%' }}
                    onClick={() => pickScenario(fn.id === 'assessment' ? 'pv' : fn.id)}
                  >
                    <Flex vertical gap={8}>
                      <span style={{ fontSize: 28, color: token.colorPrimary }}>{FUNCTION_ICONS[fn.id]}</span>
                      <Typography.Title level={5} style={{ margin: 0 }}>
                        {t(fn.title)}
                      </Typography.Title>
                      <Typography.Text type="secondary">{t(fn.description)}</Typography.Text>
                    </Flex>
                  </Card>
                </Col>
              ))}
            </Row>
          </>
        ) : scenario ? (
          <Flex vertical gap={16}>
            <Segmented<GuideScenarioId>
              block
              value={scenario.id}
              onChange={pickScenario}
              options={GUIDE_SCENARIOS.map((item) => ({ value: item.id, label: t(item.title) }))}
            />
            <Steps
              direction="vertical"
              size="small"
              current={activeStep}
              onChange={setActiveStep}
              items={scenario.steps.map((item) => ({
                title: t(item.title),
                description: t(item.description),
              }))}
            />
          </Flex>
        ) : null}
      </div>
    </Modal>
  );
}
