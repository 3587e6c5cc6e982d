import { Button, Card, Flex, Form, Result, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetup } from '../hooks/use-setup';
import { INITIAL_SETUP_VALUES, type SetupFormValues } from '../setup-form';
import { AdminAccountStep } from './AdminAccountStep';
import { DatabaseStep } from './DatabaseStep';
import { SetupSummary } from './SetupSummary';
import { UsageModeStep } from './UsageModeStep';

/** Fields checked before leaving each step, in step order. */
const STEP_FIELDS: Array<Array<keyof SetupFormValues>> = [
  [],
  ['username', 'password', 'confirmPassword'],
  ['usageMode'],
  [],
];
const LAST_STEP = STEP_FIELDS.length - 1;

export function SetupWizard() {
  const { t } = useTranslation();
  const { data, isLoading, submit, isSubmitting } = useSetup();
  const [form] = Form.useForm<SetupFormValues>();
  const [current, setCurrent] = useState(0);

  if (!data) {
    return isLoading ? (
      <Flex justify="center" style={{ paddingTop: 96 }}>
        <Spin size="large" />
      </Flex>
    ) : (
      <Result status="warning" title={t('setup.loadFailed')} />
    );
  }

  const goNext = async (): Promise<void> => {
    try {
      await form.validateFields(STEP_FIELDS[current]);
      setCurrent((step) => Math.min(step + 1, LAST_STEP));
    } catch {
      // The form already shows the failed rules under their fields.
    }
  };

  // Enter in a field submits the form: only the last step sends it, earlier ones move on.
  const onFinish = (values: SetupFormValues): void => {
    if (current === LAST_STEP) submit(values);
    else void goNext();
  };

  const panels = [
    <DatabaseStep key="database" databaseType={data.database_type} />,
    <AdminAccountStep key="admin" rootInitialised={data.root_init} />,
    <UsageModeStep key="mode" />,
    <SetupSummary key="summary" setupStatus={data} />,
  ];

  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('setup.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('setup.subtitle')}</Typography.Paragraph>
        <Steps
          current={current}
          style={{ marginBottom: 32 }}
          items={[
            { title: t('setup.stepDatabase') },
            { title: t('setup.stepAdmin') },
            { title: t('setup.stepMode') },
            { title: t('setup.stepConfirm') },
          ]}
        />
        <Form<SetupFormValues>
          form={form}
          layout="vertical"
          initialValues={INITIAL_SETUP_VALUES}
          onFinish={onFinish}
        >
          {panels.map((panel, index) => (
            <div key={panel.key} hidden={index !== current}>
              {panel}
            </div>
          ))}
          <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
            {current > 0 && (
              <Button onClick={() => setCurrent((step) => step - 1)} disabled={isSubmitting}>
                {t('setup.previous')}
              </Button>
            )}
            {current < LAST_STEP ? (
              // Distinct keys: reusing the DOM node would turn this click into a submit once it re-renders.
              <Button key="next" type="primary" onClick={() => void goNext()}>
                {t('setup.next')}
              </Button>
            ) : (
              <Button key="submit" type="primary" htmlType="submit" loading={isSubmitting}>
                {t('setup.submit')}
              </Button>
            )}
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
