import type { ChannelView } from '@tollgate/contracts';
import { Button, Collapse, Divider, Drawer, Flex, Form, Skeleton, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelEditorTarget } from '../channel-editor-target';
import { type ChannelFormValues, EMPTY_CHANNEL_FORM, completeValues, formValuesOf } from '../channel-form';
import { useChannelDetail } from '../hooks/use-channel-detail';
import { useChannelSubmit } from '../hooks/use-channel-submit';
import { useTypeFields } from '../hooks/use-type-fields';
import { ChannelAdvancedFields } from './ChannelAdvancedFields';
import { ChannelBasicFields } from './ChannelBasicFields';
import { ChannelKeyField } from './ChannelKeyField';
import { ChannelModelFields } from './ChannelModelFields';

const DRAWER_WIDTH = 640;

interface ChannelFormDrawerProps {
  /** null: closed. */
  target: ChannelEditorTarget | null;
  onClose: () => void;
}

/** The add/edit drawer shared by the list and the /channel/add and /channel/edit/{id} routes. */
export function ChannelFormDrawer({ target, onClose }: ChannelFormDrawerProps) {
  const { t } = useTranslation();
  const editId = target?.kind === 'edit' ? target.id : null;
  const detail = useChannelDetail(editId);

  const title =
    target?.kind === 'edit' ? t('channels.form.editTitle', { id: target.id }) : t('channels.form.addTitle');
  const ready = target !== null && (target.kind === 'add' || detail.data !== undefined);

  useEffect(() => {
    if (detail.failed) onClose();
  }, [detail.failed, onClose]);

  return (
    <Drawer open={target !== null} title={title} size={DRAWER_WIDTH} destroyOnHidden onClose={onClose}>
      {ready ? (
        <ChannelForm
          // Another target starts from fresh values.
          key={target.kind === 'edit' ? `edit-${target.id}` : 'add'}
          target={target}
          stored={target.kind === 'edit' ? detail.data : undefined}
          onClose={onClose}
        />
      ) : (
        <Skeleton active loading={detail.isLoading} aria-label={t('channels.form.loading')} />
      )}
    </Drawer>
  );
}

interface ChannelFormProps {
  target: ChannelEditorTarget;
  stored?: ChannelView;
  onClose: () => void;
}

function ChannelForm({ target, stored, onClose }: ChannelFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? EMPTY_CHANNEL_FORM.type;
  const fields = useTypeFields(type);
  const { submit, isSaving } = useChannelSubmit(target, {
    keyStored: stored?.has_key ?? false,
    multiKey: stored?.channel_info.is_multi_key ?? false,
  });

  const finish = async (values: Partial<ChannelFormValues>): Promise<void> => {
    if (await submit(completeValues(values))) onClose();
  };

  return (
    <Form<ChannelFormValues>
      form={form}
      layout="vertical"
      initialValues={stored ? formValuesOf(stored) : EMPTY_CHANNEL_FORM}
      onFinish={(values) => void finish(values)}
    >
      <Divider titlePlacement="start">{t('channels.form.sectionBasic')}</Divider>
      <ChannelBasicFields fields={fields} />
      <ChannelKeyField fields={fields} stored={stored} />
      <Divider titlePlacement="start">{t('channels.form.sectionModels')}</Divider>
      <ChannelModelFields channelId={stored?.id} />
      <Collapse
        ghost
        items={[
          {
            key: 'advanced',
            label: t('channels.form.sectionAdvanced'),
            forceRender: true,
            children: <ChannelAdvancedFields />,
          },
        ]}
      />
      {/* Stays in view at the bottom of the drawer while the long form scrolls. */}
      <Flex
        justify="flex-end"
        gap={8}
        style={{
          position: 'sticky',
          bottom: -token.paddingLG,
          marginTop: 16,
          padding: `${token.paddingSM}px 0`,
          background: token.colorBgElevated,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button onClick={onClose}>{t('channels.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('channels.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
