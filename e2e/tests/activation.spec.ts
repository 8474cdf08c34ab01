import { devices } from '@playwright/test';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { BASE_URL } from '../playwright.config.ts';
import { barcodeVideo, browserWithCamera } from './camera.ts';
import { placedOrder, staffApi } from './placed-order.ts';
import { expect, expectAccessible, isMobile, signInWithSingpass, test, watchCsp } from './support.ts';

/** Each width activates as a different MyInfo person with its own SIM from the demo stock. */
const RUNS = {
  desktop: { nric: 'S9812385G', sim: 103 },
  mobile: { nric: 'S9812387C', sim: 104 },
};

test(
  'the customer activates their SIM online: Singpass, the SIM barcode, and on to the dashboard',
  { tag: '@phone' },
  async ({ page: typingPage, request, staffMember }, info) => {
    const mobile = isMobile(info.project.name);
    const run = mobile ? RUNS.mobile : RUNS.desktop;
    const { order } = await placedOrder(request, { idNumber: run.nric });
    const iccid = withLuhnDigit(`896501261122${String(run.sim).padStart(6, '0')}`);

    // On the phone the barcode is scanned with the camera: a Chromium whose camera films first a
    // barcode that is not a SIM's, then the SIM card's. On the desktop the number is typed.
    const cameraBrowser = mobile
      ? await browserWithCamera(
          info,
          await barcodeVideo(info.project.name, [
            { text: 'PARCEL-NV-000123', seconds: 4 },
            { text: iccid, seconds: 4 },
          ]),
        )
      : undefined;
    const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
    const page = cameraBrowser
      ? await (
          await cameraBrowser.newContext({ ...pixel, baseURL: BASE_URL, permissions: ['camera'] })
        ).newPage()
      : typingPage;
    const cspClean = cameraBrowser ? watchCsp(page) : () => {};

    // Staff verify the order and send the SIM (the console is walked by staff.spec.ts).
    const staff = await staffApi(request, await staffMember('admin'));
    await expect(async () => {
      expect((await staff(`/orders/${order.id}/verify`, {})).status).toBe(200);
    }).toPass({ timeout: 20_000 });
    const lineId = (await staff(`/orders/${order.id}`)).body.data.lines[0].id;
    const sent = await staff(`/orders/${order.id}/deliveries`, {
      deliveryMethod: 0,
      deliveryDate: new Date().toISOString().slice(0, 10),
      trackingCode: `NV-${order.orderNumber}`,
      sims: [{ lineId, iccid }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    try {
      await page.goto('/activeSimOnline');
      await expect(page.getByRole('heading', { name: 'Activate SIM Online' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('textbox', { name: 'Order number' }).fill(order.orderNumber);
      await page.getByRole('button', { name: 'Log in with Singpass' }).click();
      await signInWithSingpass(page, run.nric);

      await expect(page).toHaveURL(/\/activeSimOnline$/);
      await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
      await expect(page.getByText('Not activated yet')).toBeVisible();
      const barcode = page.getByRole('textbox', { name: 'SIM barcode number (ICCID)' });
      await page.getByRole('button', { name: 'Activate SIM' }).click();
      await expect(page.getByText('You have not scanned the barcode. Please scan the barcode')).toBeVisible();
      await barcode.fill(withLuhnDigit('896501261122999998'));
      await page.getByRole('button', { name: 'Activate SIM' }).click();
      await expect(
        page.getByText('The scanned barcode is invalid or has already been used for another number.'),
      ).toBeVisible();
      await expectAccessible(page);

      if (cameraBrowser) {
        await barcode.fill('');
        await page.getByRole('button', { name: 'Scan the barcode with your camera' }).click();
        await expect(page.getByRole('button', { name: 'Stop the camera' })).toBeFocused();
        // The parcel's barcode is read and named for what it is; reading goes on.
        await expect(
          page.getByRole('status').filter({ hasText: 'That barcode is not a SIM card number' }),
        ).toBeVisible({
          timeout: 20_000,
        });
        await expectAccessible(page);
        // Then the SIM card's: the camera stops, and the number is in the field to check.
        await expect(page.getByRole('status').filter({ hasText: `Barcode scanned: ${iccid}` })).toBeVisible({
          timeout: 20_000,
        });
        await expect(page.getByRole('button', { name: 'Stop the camera' })).toHaveCount(0);
        await expect(barcode).toHaveValue(iccid);
        await expect(barcode).toBeFocused();
        // Once the customer edits the number it is no longer the scanned one, and the page says no more.
        await barcode.fill(iccid.slice(0, -1));
        await expect(page.getByRole('status').filter({ hasText: 'Barcode scanned' })).toHaveCount(0);
        await barcode.fill(iccid);
      } else {
        // A computer without a camera is told so, and the typed number remains.
        await page.getByRole('button', { name: 'Scan the barcode with your camera' }).click();
        await expect(
          page.getByRole('alert').filter({ hasText: 'No camera was found on this device' }),
        ).toBeVisible();
        await page.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Scan the barcode with your camera' })).toBeVisible();
        await barcode.fill(iccid);
      }
      await page.getByRole('button', { name: 'Activate SIM' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Active SIM successfully' })).toBeVisible();
      await expect(page.getByText(/Your line is being activated/)).toBeVisible();
      // The MVNE completes the activation a few seconds later and tells us; the page moves on.
      await expect(page).toHaveURL(/\/dashboard\/local$/, { timeout: 30_000 });
      cspClean();
    } finally {
      await cameraBrowser?.close();
    }
  },
);
