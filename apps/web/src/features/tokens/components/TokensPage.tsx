import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useTokenActions } from '../hooks/use-token-actions';
import { useTokens } from '../hooks/use-tokens';
import { TokenDrawer } from './TokenDrawer';
import { TokensTable } from './TokensTable';
import { TokenToolbar } from './TokenToolbar';

export function TokensPage() {
  const { t } = useTranslation();
  const tokens = useTokens();
  const actions = useTokenActions();
  const [target, setTarget] = useState<EditTarget | null>(null);

  return (
    <ConsolePage title={t('tokens.title')}>
      <Alert type="warning" showIcon title={t('tokens.personalUse')} />
      <Card>
        <TokenToolbar
          onSearch={tokens.search}
          onCreate={() => setTarget({ mode: 'create' })}
          onCopySelected={() => actions.copySelected(tokens.selected)}
        />
        <TokensTable
          tokens={tokens}
          actions={actions}
          onEdit={(token) => setTarget({ mode: 'edit', id: token.id })}
        />
      </Card>
      <TokenDrawer target={target} onClose={() => setTarget(null)} />
    </ConsolePage>
  );
}
