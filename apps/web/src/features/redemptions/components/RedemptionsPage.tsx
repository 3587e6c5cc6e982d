import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useRedemptionActions } from '../hooks/use-redemption-actions';
import { useRedemptions } from '../hooks/use-redemptions';
import { CreatedCodesModal } from './CreatedCodesModal';
import { DeleteByNameModal } from './DeleteByNameModal';
import { RedemptionDrawer } from './RedemptionDrawer';
import { RedemptionsTable } from './RedemptionsTable';
import { RedemptionsToolbar } from './RedemptionsToolbar';

export function RedemptionsPage() {
  const { t } = useTranslation();
  const codes = useRedemptions();
  const actions = useRedemptionActions(codes.clearSelection);
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [createdCodes, setCreatedCodes] = useState<string[] | null>(null);
  const [deletingByName, setDeletingByName] = useState(false);

  return (
    <ConsolePage title={t('redemptions.title')}>
      <Card>
        <RedemptionsToolbar
          onSearch={codes.search}
          onCreate={() => setTarget({ mode: 'create' })}
          onBatchDisable={() => actions.confirmBatchDisable(codes.selected)}
          onDeleteDisabled={actions.confirmDeleteDisabled}
          onDeleteByName={() => setDeletingByName(true)}
        />
        <RedemptionsTable
          codes={codes}
          actions={actions}
          onEdit={(code) => setTarget({ mode: 'edit', id: code.id })}
        />
      </Card>
      <RedemptionDrawer target={target} onClose={() => setTarget(null)} onCreated={setCreatedCodes} />
      <CreatedCodesModal codes={createdCodes} onClose={() => setCreatedCodes(null)} />
      <DeleteByNameModal open={deletingByName} onClose={() => setDeletingByName(false)} />
    </ConsolePage>
  );
}
