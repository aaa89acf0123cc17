import { expect, test } from './support/test';
import { chooseLanguage, open } from './support/portal';

const LEGAL_TITLES = {
  en: {
    privacyRightDeclare: 'Privacy statement',
    personalProfileProtect: 'Personal data protection notice',
    cookiePolicy: 'Cookie policy',
    copyrightDeclare: 'Copyright notice',
    cloudDeclare: 'Cloud service statement',
  },
  'zh-TW': {
    privacyRightDeclare: '隱私權聲明',
    personalProfileProtect: '個人資料保護告知事項',
    cookiePolicy: 'Cookie 政策',
    fraudPrevent: '防詐騙宣導',
    copyrightDeclare: '著作權聲明',
    cloudDeclare: '雲端服務聲明',
  },
} as const;

test('from Home through the products menu to a product, its functions and its prices', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByTestId('solution-table')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Explore Our Solutions' })).toBeVisible();

  await page.getByTestId('nav-products').click();
  await page.getByTestId('product-2').click();
  await expect(page).toHaveURL(/#\/product\/2\/overview$/);
  await expect(page.getByTestId('product-name')).toHaveText('Disk');
  await expect(page.getByTestId('product-overview')).toContainText('three copies');

  await page.getByTestId('product-view-functions').click();
  await expect(page).toHaveURL(/#\/product\/2\/functions$/);
  await expect(page.getByTestId('product-functions')).toContainText('Online expansion');

  await page.getByTestId('product-view-price').click();
  await expect(page).toHaveURL(/#\/product\/2\/price$/);
  // The exact figures of the one price list, as the console will charge them.
  await expect(page.getByTestId('price-disk.ssd')).toContainText('TWD 4.5');
  await expect(page.getByTestId('price-disk.ssd')).toContainText('GB per month');
  await expect(page.getByTestId('price-disk.hdd')).toContainText('TWD 1.8');

  // The language changes the page in place; the view stays.
  await chooseLanguage(page, 'zh-TW');
  await expect(page.getByTestId('product-name')).toHaveText('磁碟');
  await expect(page.getByTestId('price-disk.ssd')).toContainText('每 GB 每月');

  await page.getByTestId('product-view-overview').click();
  await expect(page).toHaveURL(/#\/product\/2\/overview$/);
  await expect(page.getByTestId('product-overview')).toContainText('三份副本');

  // Another product from the menu, and an unknown view falls back to the overview.
  await page.getByTestId('nav-products').click();
  await page.getByTestId('product-1').click();
  await expect(page.getByTestId('product-name')).toHaveText('虛擬主機');
  await page.goto('/#/product/1/nonsense');
  await expect(page).toHaveURL(/#\/product\/1\/overview$/);
});

test('the news list pages on the server and opens an item', async ({ page }) => {
  await open(page, '/');
  await page.getByTestId('nav-latest-news').click();
  await expect(page).toHaveURL(/#\/lastestNews$/);
  const items = page.getByTestId('news-list').locator('li');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Object storage adds lifecycle rules and presigned links');

  await page.getByTestId('news-pagination').getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/#\/lastestNews\?page=2$/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Two-factor sign-in for IAM users');

  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/news\/\d+$/);
  await expect(page.getByTestId('news-title')).toHaveText('Two-factor sign-in for IAM users');
  await expect(page.locator('article')).toContainText('valid for 5 minutes');

  await chooseLanguage(page, 'zh-TW');
  await expect(page.getByTestId('news-title')).toHaveText('IAM 使用者支援兩步驟驗證');
  await page.getByTestId('news-back').click();
  await expect(page).toHaveURL(/#\/lastestNews$/);
  await expect(items.first()).toContainText('物件儲存推出生命週期規則與預簽署連結');
});

for (const language of ['en', 'zh-TW'] as const) {
  test(`every legal page opens from the footer in ${language}`, async ({ page }) => {
    await open(page, '/', language);
    const titles = LEGAL_TITLES[language];
    for (const [id, title] of Object.entries(titles)) {
      await page.getByTestId(`footer-${id}`).click();
      await expect(page).toHaveURL(new RegExp(`#/${id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
    // Fraud prevention is for zh-TW readers only.
    await expect(page.getByTestId('footer-fraudPrevent')).toHaveCount(language === 'en' ? 0 : 1);
  });
}

test('the cloud service statement carries the terms of service', async ({ page }) => {
  await open(page, '/cloudDeclare');
  const terms = page.getByTestId('legal-cloudDeclare');
  for (const term of [
    'before the fifth day of each month',
    'within fifteen days',
    'within five days of receiving it',
    'more than three days late',
    'at least thirty days before it takes effect',
    'renews automatically',
    "thirty days' written notice",
    'under 18',
  ]) {
    await expect(terms).toContainText(term);
  }
  await open(page, '/privacyRightDeclare');
  await expect(page.getByTestId('legal-privacyRightDeclare')).toContainText(
    'ISO/IEC 27001, ISO/IEC 27011, ISO/IEC 27017 and ISO/IEC 27018',
  );
});

test('fraud prevention is zh-TW only: English readers are sent Home', async ({ page }) => {
  await open(page, '/fraudPrevent', 'zh-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('防詐騙宣導');
  await chooseLanguage(page, 'en');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('solution-table')).toBeVisible();

  // Typing the address in English lands Home as well.
  await page.goto('/#/fraudPrevent');
  await expect(page).toHaveURL(/#\/$/);
});

test('the site map links every public page of the route table', async ({ page }) => {
  await open(page, '/webMap');
  const expected = [
    'home',
    'login',
    'register',
    'registerQuery',
    'forgetPassword',
    'webMap',
    'lastestNews',
    'privacyRightDeclare',
    'personalProfileProtect',
    'cookiePolicy',
    'copyrightDeclare',
    'cloudDeclare',
  ];
  for (const id of expected) await expect(page.getByTestId(`site-map-${id}`)).toBeVisible();
  await expect(page.getByTestId('site-map-fraudPrevent')).toHaveCount(0);

  for (const id of ['lastestNews', 'cloudDeclare', 'copyrightDeclare']) {
    await page.goto('/#/webMap');
    await page.getByTestId(`site-map-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`#/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('doing-page')).toHaveCount(0);
  }

  // Product pages are data, not routes: the site map lists them from the product list.
  await page.goto('/#/webMap');
  await expect(page.getByTestId('site-map-product-9')).toHaveText('Cloud Exchange');
  await page.getByTestId('site-map-product-9').click();
  await expect(page).toHaveURL(/#\/product\/9\/overview$/);
  await expect(page.getByTestId('product-name')).toHaveText('Cloud Exchange');

  await chooseLanguage(page, 'zh-TW');
  await page.goto('/#/webMap');
  await expect(page.getByTestId('site-map-fraudPrevent')).toBeVisible();
  await page.getByTestId('site-map-fraudPrevent').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('防詐騙宣導');
});
