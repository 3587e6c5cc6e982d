import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteText } from '../hooks/use-site-text';
import { DefaultHome } from './DefaultHome';
import { NoticeModal } from './NoticeModal';
import { SiteTextView } from './SiteTextView';

/** /: the root's home page content (Markdown or a framed address) or the built-in one, and the notice. */
export function HomePage() {
  const { t } = useTranslation();
  const { text, isLoading } = useSiteText('/api/home_page_content');

  return (
    <>
      <NoticeModal />
      {isLoading ? (
        <Skeleton active />
      ) : text.trim() ? (
        <SiteTextView text={text} title={t('site.homeFrame')} className="site-home-content" />
      ) : (
        <DefaultHome />
      )}
    </>
  );
}
