import { isDomain, optionIssue, optionIssueMessage } from '@tollgate/contracts';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';

interface DomainListInputProps {
  /** The stored comma list (EmailDomainWhitelist). */
  value?: string;
  onChange?: (value: string) => void;
  /** From Form.Item, so the field's label names the add box. */
  id?: string;
}

const domainsOf = (list: string): string[] =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** Why `entry` cannot join `domains`, in the contracts' words; null when it can. */
function refusal(entry: string, domains: readonly string[]): string | null {
  const lowered = entry.toLowerCase();
  const issue = !isDomain(entry)
    ? optionIssue('invalid_domain', { domain: entry })
    : domains.some((domain) => domain.toLowerCase() === lowered)
      ? optionIssue('duplicate_domain', { domain: entry })
      : null;
  return issue && optionIssueMessage(issue, currentLanguage());
}

/**
 * The whitelist as tags: each domain added is checked against the domain pattern and the list before it
 * joins (spec 000 §5); the form value stays the comma list the option stores.
 */
export function DomainListInput({ value = '', onChange, id }: DomainListInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const domains = domainsOf(value);

  const add = () => {
    // Several domains may be pasted at once, separated by commas or spaces.
    const entries = draft.split(/[\s,]+/).filter((entry) => entry !== '');
    const next = [...domains];
    for (const entry of entries) {
      const reason = refusal(entry, next);
      if (reason) {
        setProblem(reason);
        return;
      }
      next.push(entry);
    }
    if (entries.length > 0) onChange?.(next.join(','));
    setDraft('');
    setProblem(null);
  };

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={4}>
        {domains.length === 0 && (
          <Typography.Text type="secondary">{t('settings.system.whitelist.empty')}</Typography.Text>
        )}
        {domains.map((domain) => (
          <Tag
            key={domain}
            closable={{ 'aria-label': t('settings.system.whitelist.remove', { domain }) }}
            onClose={(event) => {
              // The list re-renders without it; antd must not hide the tag on its own.
              event.preventDefault();
              onChange?.(domains.filter((kept) => kept !== domain).join(','));
            }}
          >
            {domain}
          </Tag>
        ))}
      </Flex>
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input
          id={id}
          value={draft}
          status={problem ? 'error' : undefined}
          placeholder={t('settings.system.whitelist.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onPressEnter={(event) => {
            // Enter adds the domain instead of submitting the panel.
            event.preventDefault();
            add();
          }}
        />
        <Button onClick={add}>{t('settings.system.whitelist.add')}</Button>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
