import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readNoticeSeen, writeNoticeSeen } from '../../../lib/storage';
import { RichText } from '../../../shared/rich-text/RichText';
import { useSiteText } from '../hooks/use-site-text';
import { noticeFingerprint } from '../site-text';

/** The site notice, once per change: closing it remembers its fingerprint until the root writes another. */
export function NoticeModal() {
  const { t } = useTranslation();
  const { text } = useSiteText('/api/notice');
  const [closed, setClosed] = useState<string | null>(null);
  const fingerprint = text.trim() ? noticeFingerprint(text) : null;
  const open = fingerprint !== null && fingerprint !== closed && fingerprint !== readNoticeSeen();

  const close = () => {
    if (!fingerprint) return;
    writeNoticeSeen(fingerprint);
    setClosed(fingerprint);
  };

  return (
    <Modal
      open={open}
      title={t('site.notice.title')}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('site.notice.close')}
        </Button>
      }
    >
      <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        <RichText content={text} format="markdown" className="site-notice" />
      </div>
    </Modal>
  );
}
