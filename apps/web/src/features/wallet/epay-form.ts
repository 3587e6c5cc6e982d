import type { EpayFormFields } from '@tollgate/contracts';

/** Safari blocks a form posted into a new tab from a callback: there the gateway opens in this tab (spec 001 §4). */
export function opensInSameTab(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|Android/.test(userAgent);
}

/** Posts the signed fields to the gateway with a hidden form, as easy-pay expects a browser to. */
export function submitEpayForm(url: string, fields: EpayFormFields, sameTab: boolean): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = sameTab ? '_self' : '_blank';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
