import { PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface ToolbarRun {
  running: boolean;
  start: () => void;
}

interface ChannelToolbarProps {
  selectedCount: number;
  tagMode: boolean;
  idSort: boolean;
  busy: boolean;
  onAdd: () => void;
  onBatchTag: () => void;
  onBatchDelete: () => void;
  onDeleteDisabled: () => void;
  onFix: () => void;
  /** "Test all" and "update all balances": each disabled while its run is under way. */
  testAll: ToolbarRun;
  balanceAll: ToolbarRun;
  onTagMode: (value: boolean) => void;
  onIdSort: (value: boolean) => void;
  onColumns: () => void;
  onRefresh: () => void;
}

function RunButton({ run, label }: { run: ToolbarRun; label: string }) {
  return (
    <Button onClick={run.start} loading={run.running} disabled={run.running}>
      {label}
    </Button>
  );
}

function ViewSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Space size={4}>
      <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
      <Typography.Text>{label}</Typography.Text>
    </Space>
  );
}

/** Add, bulk actions and the table's view switches. */
export function ChannelToolbar(props: ChannelToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} justify="space-between" align="center">
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
          {t('channels.toolbar.add')}
        </Button>
        <RunButton run={props.testAll} label={t('channels.ops.testAll')} />
        <RunButton run={props.balanceAll} label={t('channels.ops.updateAllBalances')} />
        <Button onClick={props.onBatchTag} disabled={props.busy}>
          {t('channels.toolbar.batchTag')}
        </Button>
        <Button danger onClick={props.onBatchDelete} disabled={props.busy}>
          {t('channels.toolbar.batchDelete')}
        </Button>
        <Button danger onClick={props.onDeleteDisabled} disabled={props.busy}>
          {t('channels.toolbar.deleteDisabled')}
        </Button>
        <Button onClick={props.onFix} disabled={props.busy}>
          {t('channels.toolbar.fix')}
        </Button>
        {props.selectedCount > 0 && (
          <Typography.Text type="secondary">
            {t('channels.toolbar.selected', { count: props.selectedCount })}
          </Typography.Text>
        )}
      </Space>
      <Space wrap>
        <ViewSwitch
          label={t('channels.toolbar.tagMode')}
          checked={props.tagMode}
          onChange={props.onTagMode}
        />
        <ViewSwitch label={t('channels.toolbar.idSort')} checked={props.idSort} onChange={props.onIdSort} />
        <Button icon={<SettingOutlined />} onClick={props.onColumns}>
          {t('channels.toolbar.columns')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={props.onRefresh}
          aria-label={t('channels.toolbar.refresh')}
        />
      </Space>
    </Flex>
  );
}
