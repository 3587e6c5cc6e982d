import { SearchOutlined } from '@ant-design/icons';
import { splitCommaList } from '@tollgate/contracts';
import { Button, Checkbox, Empty, Flex, Input, Modal, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnownModels } from '../hooks/use-channel-catalogues';

interface ModelPickerModalProps {
  value: string[];
  onOk: (models: string[]) => void;
  onClose: () => void;
}

/**
 * The advanced model picker: every model the gateway knows (GET /api/channel/models) plus the channel's own,
 * with search, select all/none over what is shown, and custom names. Mounted while open.
 */
export function ModelPickerModal({ value, onOk, onClose }: ModelPickerModalProps) {
  const { t } = useTranslation();
  const { data: known, isLoading } = useKnownModels(true);
  const [selected, setSelected] = useState(() => new Set(value));
  const [extra, setExtra] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [custom, setCustom] = useState('');

  const all = useMemo(() => [...new Set([...value, ...extra, ...known])], [value, extra, known]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((model) => model.toLowerCase().includes(needle)) : all;

  const update = (models: string[], checked: boolean): void =>
    setSelected((current) => {
      const next = new Set(current);
      models.forEach((model) => (checked ? next.add(model) : next.delete(model)));
      return next;
    });

  const addCustom = (): void => {
    const names = splitCommaList(custom);
    if (names.length === 0) return;
    setExtra((current) => [...new Set([...names, ...current])]);
    update(names, true);
    setCustom('');
  };

  return (
    <Modal
      open
      title={t('channels.modelPicker.title')}
      okText={t('channels.modelPicker.ok')}
      cancelText={t('channels.modelPicker.cancel')}
      width={720}
      onOk={() => {
        onOk(all.filter((model) => selected.has(model)));
        onClose();
      }}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('channels.modelPicker.search')}
            aria-label={t('channels.modelPicker.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button onClick={() => update(shown, true)}>{t('channels.modelPicker.selectAll')}</Button>
          <Button onClick={() => update(shown, false)}>{t('channels.modelPicker.selectNone')}</Button>
        </Flex>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            placeholder={t('channels.modelPicker.custom')}
            aria-label={t('channels.modelPicker.custom')}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onPressEnter={addCustom}
          />
          <Button onClick={addCustom}>{t('channels.modelPicker.addCustom')}</Button>
        </Space.Compact>
        <Typography.Text type="secondary">
          {t('channels.modelPicker.selected', { count: selected.size })}
        </Typography.Text>
        <Spin spinning={isLoading}>
          <div style={{ maxHeight: 360, overflowY: 'auto' }}>
            {shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.modelPicker.empty')} />
            ) : (
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                  gap: 6,
                }}
              >
                {shown.map((model) => (
                  <Checkbox
                    key={model}
                    checked={selected.has(model)}
                    onChange={(event) => update([model], event.target.checked)}
                  >
                    {model}
                  </Checkbox>
                ))}
              </div>
            )}
          </div>
        </Spin>
      </Flex>
    </Modal>
  );
}
