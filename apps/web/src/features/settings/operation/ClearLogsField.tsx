import { App, Button, DatePicker, Flex, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/datetime-text';
import { clearLogsBefore } from './api';

/** Form field of the time; not an option, so the panel's Save ignores it. */
const CLEAR_BEFORE_FIELD = 'clearLogsBefore';

const monthBack = (): Dayjs => dayjs().subtract(1, 'month');

/**
 * Clears log rows older than a chosen time (spec 000 §5: the time is required; §9: a month back by default), after a
 * confirmation, and says how many rows went. Lives inside the logs panel's form.
 */
export function ClearLogsField() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const form = Form.useFormInstance();
  const [isClearing, setClearing] = useState(false);

  const clear = async (before: Dayjs) => {
    setClearing(true);
    try {
      const count = await clearLogsBefore(before.unix());
      void message.success(t('settings.operation.logs.cleared', { count }));
    } catch (error) {
      void message.error(t('settings.operation.logs.clearFailed', { reason: (error as Error).message }));
    } finally {
      setClearing(false);
    }
  };

  const confirm = () => {
    const before = form.getFieldValue(CLEAR_BEFORE_FIELD) as Dayjs | null | undefined;
    if (!before) {
      form.setFields([{ name: CLEAR_BEFORE_FIELD, errors: [t('settings.operation.logs.needTime')] }]);
      return;
    }
    modal.confirm({
      title: t('settings.operation.logs.confirmTitle'),
      content: t('settings.operation.logs.confirmContent', { time: formatDateTime(before.unix()) }),
      okText: t('settings.operation.logs.confirmOk'),
      okButtonProps: { danger: true },
      onOk: () => clear(before),
    });
  };

  return (
    <Form.Item
      label={t('settings.operation.logs.clearBefore')}
      extra={t('settings.operation.logs.clearBeforeHint')}
      required
    >
      <Flex gap={8} wrap>
        <Form.Item name={CLEAR_BEFORE_FIELD} initialValue={monthBack()} noStyle>
          <DatePicker
            showTime
            showNow
            format="YYYY-MM-DD HH:mm:ss"
            aria-label={t('settings.operation.logs.clearBefore')}
            // The server refuses a time in the future: it would delete rows still being written.
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={() => form.setFields([{ name: CLEAR_BEFORE_FIELD, errors: [] }])}
            style={{ width: 220, maxWidth: '100%' }}
          />
        </Form.Item>
        <Button danger loading={isClearing} onClick={confirm}>
          {t('settings.operation.logs.clearButton')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
