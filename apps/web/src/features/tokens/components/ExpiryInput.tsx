import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPIRY_SHORTCUTS, shortcutExpiry } from '../token-form';

interface ExpiryInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** Expiry as typed text with the spec's shortcuts: never, 1 hour, 1 day, 1 month (30 days). */
export function ExpiryInput({ id, value, onChange }: ExpiryInputProps) {
  const { t } = useTranslation();

  return (
    <Flex vertical gap={8}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('tokens.form.expiryPlaceholder')}
        allowClear
      />
      <Flex wrap gap={8}>
        {EXPIRY_SHORTCUTS.map((shortcut) => (
          <Button
            key={shortcut.key}
            size="small"
            onClick={() => onChange?.(shortcutExpiry(shortcut.seconds))}
          >
            {t(`tokens.form.${shortcut.key}`)}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
