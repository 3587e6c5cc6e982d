import type { Redemption } from '@tollgate/contracts';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedemptionActions } from '../hooks/use-redemption-actions';
import type { RedemptionEditTarget } from '../hooks/use-redemption-editor';
import { useRedemptions } from '../hooks/use-redemptions';
import { CreatedCodesModal } from './CreatedCodesModal';
import { DeleteByNameModal } from './DeleteByNameModal';
import { RedemptionDrawer } from './RedemptionDrawer';
import { RedemptionsTable } from './RedemptionsTable';
import { RedemptionsToolbar } from './RedemptionsToolbar';

export function RedemptionsPage() {
  const { t } = useTranslation();
  const codes = useRedemptions();
  const [selected, setSelected] = useState<Redemption[]>([]);
  const actions = useRedemptionActions(() => setSelected([]));
  const [target, setTarget] = useState<RedemptionEditTarget | null>(null);
  const [createdCodes, setCreatedCodes] = useState<string[] | null>(null);
  const [deletingByName, setDeletingByName] = useState(false);

  const changePage = (page: number, pageSize: number): void => {
    setSelected([]);
    codes.changePage(page, pageSize);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('redemptions.title')}
      </Typography.Title>
      <Card>
        <RedemptionsToolbar
          onSearch={(keyword) => {
            setSelected([]);
            codes.search(keyword);
          }}
          onCreate={() => setTarget({ mode: 'create' })}
          onBatchDisable={() => actions.confirmBatchDisable(selected)}
          onDeleteDisabled={actions.confirmDeleteDisabled}
          onDeleteByName={() => setDeletingByName(true)}
        />
        <RedemptionsTable
          data={codes.data}
          isLoading={codes.isLoading}
          page={codes.page}
          pageSize={codes.pageSize}
          onPageChange={changePage}
          selected={selected}
          onSelect={setSelected}
          actions={actions}
          onEdit={(code) => setTarget({ mode: 'edit', id: code.id })}
        />
      </Card>
      <RedemptionDrawer target={target} onClose={() => setTarget(null)} onCreated={setCreatedCodes} />
      <CreatedCodesModal codes={createdCodes} onClose={() => setCreatedCodes(null)} />
      <DeleteByNameModal open={deletingByName} onClose={() => setDeletingByName(false)} />
    </Flex>
  );
}
