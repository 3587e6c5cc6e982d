/** Spec §9 layout constants. */
export const HEADER_HEIGHT = 56;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 60;
export const CONTENT_PADDING = 24;
export const MOBILE_CONTENT_PADDING = 12;
export const MOBILE_DRAWER_WIDTH = 240;
