import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TemplateMenu } from './template-menu.tsx';

describe('template menu', () => {
  it('lists one Excel template per category with fields, each a download from the API', async () => {
    const user = userEvent.setup();
    render(<TemplateMenu />);
    await user.click(screen.getByRole('button', { name: 'Download a template' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Vessel fuel consumption', '/templates/vessel_fuel_consumption.xlsx'],
      ['Transport legs', '/templates/transport_legs.xlsx'],
      ['Port operations', '/templates/port_operations.xlsx'],
      ['Purchased goods and services', '/templates/purchased_goods_services.xlsx'],
      ['Site energy', '/templates/site_energy.xlsx'],
      ['Supplier list', '/templates/supplier_list.xlsx'],
    ]);
    expect(items[0]).toHaveAttribute('download');
  });
});
