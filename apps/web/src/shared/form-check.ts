/** An antd rule validator's answer: resolves when `ok`, else rejects with the message to show. */
export function check(ok: boolean, message: string): Promise<void> {
  return ok ? Promise.resolve() : Promise.reject(new Error(message));
}
