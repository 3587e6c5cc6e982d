/** Strings of the home and about pages and the site notice. */
export const siteZh = {
  notice: {
    title: '公告',
    close: '知道了',
  },
  homeFrame: '首页内容',
  aboutFrame: '关于',
};

export const siteEn: typeof siteZh = {
  notice: {
    title: 'Notice',
    close: 'Got it',
  },
  homeFrame: 'Home page content',
  aboutFrame: 'About',
};
