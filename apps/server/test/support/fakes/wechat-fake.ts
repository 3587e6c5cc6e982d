import { listenLocally, sendJson } from './local-server';

export interface WeChatFake {
  url: string;
  /** Codes the official account handed out → the WeChat user id behind each. */
  codes: Map<string, string>;
  authorizations: string[];
  close(): Promise<void>;
}

/** The WeChat helper server: GET /api/wechat/user?code= with the bare token in Authorization. */
export async function startWeChatFake(token: string): Promise<WeChatFake> {
  const codes = new Map<string, string>();
  const authorizations: string[] = [];
  const server = await listenLocally((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    authorizations.push(request.headers.authorization ?? '');
    if (url.pathname !== '/api/wechat/user') return sendJson(response, 404, { success: false });
    if (request.headers.authorization !== token)
      return sendJson(response, 401, { success: false, message: 'unauthorized' });
    const id = codes.get(url.searchParams.get('code') ?? '');
    if (!id) return sendJson(response, 200, { success: false, message: '验证码错误或已过期', data: '' });
    sendJson(response, 200, { success: true, message: '', data: id });
  });
  return { url: server.url, codes, authorizations, close: server.close };
}
