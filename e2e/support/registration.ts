import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEMO } from './portal';
import { latestMail } from './mail';

/** The demo staff account of the operations console. */
export const STAFF = { email: 'ops@example.com', password: DEMO.password };

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A valid company tax ID of its own: an identity number belongs to one account or application
 * (one member, one account), and the demo customer holds 04595257. Weights 1,2,1,2,1,2,4,1, the
 * digit sums of the products added, divisible by 5.
 */
export function uniqueCompanyId(): string {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  for (;;) {
    const id = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const sum = [...id].reduce((s, c, i) => {
      const product = Number(c) * weights[i]!;
      return s + Math.floor(product / 10) + (product % 10);
    }, 0);
    if (sum % 5 === 0) return id;
  }
}

/** A valid Taiwan personal ID of its own (letter A, whose code adds 1 to the weighted sum). */
export function uniquePersonId(): string {
  const digits = `1${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const sum = 1 + [...digits].reduce((s, c, i) => s + Number(c) * (8 - i), 0);
  return `A${digits}${(10 - (sum % 10)) % 10}`;
}

/** Answer the captcha on the page from the development-only answer route. */
export async function solveCaptcha(page: Page) {
  const image = page.getByTestId('captcha-image');
  await expect(image).toBeVisible();
  const id = await image.getAttribute('data-captcha-id');
  const res = await page.request.get(`/api/dev/captcha/${id}`);
  const { answer } = ((await res.json()) as { data: { answer: string } }).data;
  await page.getByTestId('field-captcha').fill(answer);
}

/** The path (after #) of the newest link of a kind mailed to an address. */
export async function mailedLink(request: APIRequestContext, to: string, kind: string, after = 0) {
  const mail = await latestMail(request, to, after);
  const match = new RegExp(`#(/${kind}/[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${kind} link in "${mail.subject}"`);
  return match[1];
}

async function apiCaptcha(request: APIRequestContext) {
  const { id } = ((await (await request.get('/api/captcha')).json()) as { data: { id: string } }).data;
  const { answer } = (
    (await (await request.get(`/api/dev/captcha/${id}`)).json()) as { data: { answer: string } }
  ).data;
  return { captchaId: id, captcha: answer };
}

export async function staffToken(request: APIRequestContext) {
  const res = await request.post('/api/ops/login', { data: STAFF });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A registered and approved customer whose root password is set, made through the API. */
export async function approvedCustomer(request: APIRequestContext, password: string) {
  const email = uniqueEmail('customer');
  const since = Date.now() - 1000;
  expect(
    (await request.post('/api/register', { data: { email, ...(await apiCaptcha(request)) } })).ok(),
  ).toBe(true);
  const guid = (await mailedLink(request, email, 'registerInfoInput', since)).split('/')[2];
  const info = {
    identity_type: 'PERSONAL',
    identity_number: uniquePersonId(),
    company_name: 'Wang Da-ming',
    company_owner: 'Wang Da-ming',
    contact_name: 'Wang Da-ming',
    contact_mobile_code: '886',
    contact_mobile: '0912345678',
    cman_dmfg: 'X',
    tech_dmfg: 'X',
    bill_dmfg: 'X',
    currency_type: 'TWD',
    language: 'en',
    industry_type: 10,
    area: 'TWNNORTH',
    is_foreign: 0,
  };
  expect((await request.post(`/api/register/info/${guid}/submit`, { data: info })).ok()).toBe(true);
  const token = await staffToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = (
    (await (await request.get('/api/ops/applications', { headers })).json()) as {
      data: { id: string; email: string }[];
    }
  ).data;
  const app = list.find((a) => a.email === email);
  expect((await request.post(`/api/ops/applications/${app?.id}/approve`, { headers })).ok()).toBe(true);
  const setGuid = (await mailedLink(request, email, 'setPassword', since)).split('/')[2];
  expect(
    (await request.post(`/api/password/set/${setGuid}`, { data: { password, confirm: password } })).ok(),
  ).toBe(true);
  return email;
}
