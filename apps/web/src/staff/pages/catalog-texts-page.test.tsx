import type { StaffSession } from '@selfcare/domain/contracts/staff';
import type { StaffCatalogItem } from '@selfcare/domain/contracts/staff-catalog';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, refused, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const member = (role: 'agent' | 'admin'): StaffSession => ({
  token: `token-${role}`,
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: `${role}@example.com`, name: 'Priya Nair', role },
});
const LITE: StaffCatalogItem = {
  kind: 'plan',
  code: 'LITE-10',
  name: 'Lite 10',
  description: 'For light users: 20GB of 5G data, 100 minutes and 100 SMS.',
  descriptions: { zh: '适合轻度用户。' },
  active: true,
};
const VOICEMAIL: StaffCatalogItem = {
  kind: 'product',
  code: 'VOICEMAIL',
  name: 'Voicemail',
  description: 'Voicemail with SMS notification of new messages.',
  descriptions: {},
  active: true,
};

function serve() {
  let items = [LITE, VOICEMAIL];
  const sent: unknown[] = [];
  fakeServer((req: Seen) => {
    if (req.method === 'GET' && req.path === '/api/v1/staff/catalog') return ok({ items });
    if (req.method === 'PUT' && req.path === '/api/v1/staff/catalog/product/VOICEMAIL') {
      const body = JSON.parse(req.body ?? '{}') as StaffCatalogItem['descriptions'];
      sent.push(body);
      if ((body.ta ?? '').length > 300)
        return refused(422, 'Tamil description must be at most 300 characters', {
          fields: { ta: 'Tamil description must be at most 300 characters' },
        });
      items = items.map((i) => (i.code === 'VOICEMAIL' ? { ...i, descriptions: body } : i));
      return ok(items[1], 'Data updated successfully');
    }
    return { status: 404 };
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff/catalog', () => {
  it('lets an admin write a product’s description in Chinese, Malay and Tamil', async () => {
    staffSession.start(member('admin'));
    act(() => navigate('/staff/catalog', { replace: true }));
    const sent = serve();
    renderPage(<StaffApp />);
    expect(await screen.findByRole('heading', { name: 'Catalog texts', level: 1 })).toBeTruthy();
    const plan = await screen.findByRole('region', { name: 'Lite 10' });
    expect(within(plan).getByRole('textbox', { name: 'Description in 简体中文' })).toHaveProperty(
      'value',
      '适合轻度用户。',
    );
    const product = screen.getByRole('region', { name: 'Voicemail' });
    const form = within(product).getByRole('form', { name: 'Descriptions of Voicemail' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description in Bahasa Melayu' }), {
      target: { value: 'Mel suara dengan pemberitahuan SMS.' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description in தமிழ்' }), {
      target: { value: 'அ'.repeat(301) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The shared schema refuses it before anything is sent.
    expect(await within(form).findByText('Tamil description must be at most 300 characters')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description in தமிழ்' }), {
      target: { value: 'குரலஞ்சல்.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([{ zh: '', ms: 'Mel suara dengan pemberitahuan SMS.', ta: 'குரலஞ்சல்.' }]),
    );
  });

  it('shows an agent the texts without a form', async () => {
    staffSession.start(member('agent'));
    act(() => navigate('/staff/catalog', { replace: true }));
    serve();
    renderPage(<StaffApp />);
    const product = await screen.findByRole('region', { name: 'Voicemail' });
    expect(screen.getByText('Only an admin can change these texts.')).toBeTruthy();
    expect(within(product).queryByRole('form')).toBeNull();
    expect(within(product).getByText(/简体中文/).textContent).toBe('简体中文: (the English)');
  });
});
