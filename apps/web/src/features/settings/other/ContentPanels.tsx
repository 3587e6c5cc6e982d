import type { MessageFormat } from '@tollgate/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { TextPreview } from './TextPreview';

const NOTICE_KEYS = ['Notice'] as const;
const PAGE_KEYS = ['HomePageContent', 'About'] as const;

interface PreviewedTextProps {
  name: string;
  label: string;
  hint: string;
  format: MessageFormat;
  rows?: number;
}

/** A multi-line text option with its help and a preview through the renderer visitors get. */
export function PreviewedText({ name, label, hint, format, rows = 6 }: PreviewedTextProps) {
  return (
    <OptionText
      name={name}
      label={label}
      rows={rows}
      extra={
        <Flex vertical gap={4} align="start" style={{ marginTop: 4 }}>
          <span>{hint}</span>
          <TextPreview name={name} field={label} format={format} />
        </Flex>
      }
    />
  );
}

/** The site notice, shown once per change over the home page. */
export function NoticePanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.other.notice' });
  return (
    <OptionPanel title={label('title')} keys={NOTICE_KEYS} stored={stored}>
      <PreviewedText name="Notice" label={label('notice')} hint={label('noticeHint')} format="markdown" />
    </OptionPanel>
  );
}

/** The home page and about page: Markdown, or an address shown framed. */
export function PagesPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.other.pages' });
  return (
    <OptionPanel title={label('title')} keys={PAGE_KEYS} stored={stored}>
      <PreviewedText
        name="HomePageContent"
        label={label('home')}
        hint={label('homeHint')}
        format="markdown"
        rows={8}
      />
      <PreviewedText
        name="About"
        label={label('about')}
        hint={label('aboutHint')}
        format="markdown"
        rows={8}
      />
    </OptionPanel>
  );
}
