// Registrations in every state for the screenshots of the registration, password and operations
// pages: each call makes its own, through the API and the development-only captcha and outbox.
import { api } from './server.mjs';

const STAFF = { email: 'ops@example.com', password: process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!' };
let n = 0;
const email = (tag) => `shot-${tag}-${Date.now()}-${n++}@example.com`;

/**
 * A valid company tax ID of its own: an identity number belongs to one account or application
 * under review, and the demo customer holds 04595257. Weights 1,2,1,2,1,2,4,1, the digit sums of
 * the products added, divisible by 5.
 */
function companyId() {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  for (;;) {
    const id = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const sum = [...id].reduce((s, c, i) => {
      const product = Number(c) * weights[i];
      return s + Math.floor(product / 10) + (product % 10);
    }, 0);
    if (sum % 5 === 0) return id;
  }
}

async function captcha(base) {
  const { id } = await api(base, 'GET', '/api/captcha');
  const { answer } = await api(base, 'GET', `/api/dev/captcha/${id}`);
  return { captchaId: id, captcha: answer };
}

/** The path of the newest link of a kind mailed to an address; mail is sent by a job, so wait for it. */
async function link(base, to, kind) {
  const pattern = new RegExp(`#(/${kind}/[A-Za-z0-9_-]+)`);
  for (let i = 0; i < 50; i++) {
    const mails = await api(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = mails.map((m) => pattern.exec(m.text)?.[1]).find(Boolean);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} link mailed to ${to}`);
}

const INFO = {
  identity_type: 'COMPANY',
  identity_number: '04595257',
  company_name: '示範雲端股份有限公司',
  en_company_name: 'Example Cloud Co., Ltd.',
  company_owner: '陳美玲',
  contact_name: '林志偉',
  contact_mobile_code: '886',
  contact_mobile: '0912345678',
  contact_tel_code: '02',
  contact_tel: '23456789',
  cman_dmfg: 'C',
  tech_dmfg: 'C',
  bill_dmfg: 'E',
  currency_type: 'TWD',
  language: 'zh-TW',
  industry_type: 62,
  area: 'TWNNORTH',
  is_foreign: 0,
  bill_address: '台北市中正區範例路 1 號',
};

async function registration(base, tag) {
  const to = email(tag);
  await api(base, 'POST', '/api/register', { email: to, ...(await captcha(base)) });
  return { to, guid: (await link(base, to, 'registerInfoInput')).split('/')[2] };
}

export const staffToken = async (base) => (await api(base, 'POST', '/api/ops/login', STAFF)).token;

// A 1x1 PNG and a minimal PDF, to show uploaded certificates.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function upload(base, guid, doc, name, bytes, type) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${base}/api/register/info/${guid}/docs/${doc}`, { method: 'PUT', body: form });
  if (!res.ok) throw new Error(`upload ${doc}: ${res.status}`);
}

async function submitted(base, tag) {
  const r = await registration(base, tag);
  await upload(base, r.guid, 'doc1', 'id-front.png', PNG, 'image/png');
  await upload(base, r.guid, 'companyDoc3', 'company-registration.pdf', PDF, 'application/pdf');
  await api(base, 'POST', `/api/register/info/${r.guid}/submit`, { ...INFO, identity_number: companyId() });
  const ops = await staffToken(base);
  const list = await api(base, 'GET', '/api/ops/applications', undefined, ops);
  return { ...r, id: list.find((a) => a.email === r.to).id, ops };
}

export async function registerInfoPath(base) {
  const { guid } = await registration(base, 'info');
  await api(base, 'PUT', `/api/register/info/${guid}`, {
    company_name: INFO.company_name,
    identity_number: INFO.identity_number,
  });
  return `/registerInfoInput/${guid}`;
}

export async function registerQueryResultPath(base) {
  const r = await submitted(base, 'denied');
  await api(
    base,
    'POST',
    `/api/ops/applications/${r.id}/deny`,
    { reason: '公司登記證明與公司名稱不符 / The certificate does not match the company name' },
    r.ops,
  );
  await api(base, 'POST', '/api/register/query', { email: r.to, ...(await captcha(base)) });
  return link(base, r.to, 'registerQueryResult');
}

async function approved(base) {
  const r = await submitted(base, 'approved');
  await api(base, 'POST', `/api/ops/applications/${r.id}/approve`, undefined, r.ops);
  return r;
}

export async function setPasswordPath(base) {
  return link(base, (await approved(base)).to, 'setPassword');
}

export async function resetPasswordPath(base) {
  const r = await approved(base);
  await api(base, 'POST', '/api/password/forget', { email: r.to, ...(await captcha(base)) });
  return link(base, r.to, 'resetPassword');
}

export async function opsApplicationPath(base) {
  return `/ops/applications/${(await submitted(base, 'review')).id}`;
}
