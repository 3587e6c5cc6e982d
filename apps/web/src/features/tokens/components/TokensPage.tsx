import type { Token } from '@tollgate/contracts';
import { Alert, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTokenActions } from '../hooks/use-token-actions';
import type { TokenEditTarget } from '../hooks/use-token-editor';
import { useTokens } from '../hooks/use-tokens';
import { TokenDrawer } from './TokenDrawer';
import { TokensTable } from './TokensTable';
import { TokenToolbar } from './TokenToolbar';

export function TokensPage() {
  const { t } = useTranslation();
  const tokens = useTokens();
  const actions = useTokenActions();
  const [selected, setSelected] = useState<Token[]>([]);
  const [target, setTarget] = useState<TokenEditTarget | null>(null);

  const changePage = (page: number, pageSize: number): void => {
    setSelected([]);
    tokens.changePage(page, pageSize);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('tokens.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('tokens.personalUse')} />
      <Card>
        <TokenToolbar
          onSearch={(filters) => {
            setSelected([]);
            tokens.search(filters);
          }}
          onCreate={() => setTarget({ mode: 'create' })}
          onCopySelected={() => actions.copySelected(selected)}
        />
        <TokensTable
          data={tokens.data}
          isLoading={tokens.isLoading}
          page={tokens.page}
          pageSize={tokens.pageSize}
          onPageChange={changePage}
          selected={selected}
          onSelect={setSelected}
          actions={actions}
          onEdit={(token) => setTarget({ mode: 'edit', id: token.id })}
        />
      </Card>
      <TokenDrawer target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
