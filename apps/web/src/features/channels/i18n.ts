// The locale files import the channel screens' strings from here (one entry each).
export { channelsZh } from './i18n-zh';
export { channelsEn } from './i18n-en';
