import type { CategoryAttribute } from '@shop/contract/catalog';

/**
 * The demo catalog's categories: a tree (a `parent` names its parent by `key`), each leaf with
 * the attributes its spare parts carry, numbers in their base unit (docs/api.md part three).
 */
export interface DemoCategory {
  /** How the demo's parts name their category (not stored). */
  key: string;
  name: string;
  parent?: string;
  attributes: CategoryAttribute[];
}

const number = (key: string, name: string, unit?: string): CategoryAttribute => ({
  key,
  name,
  type: 'number',
  ...(unit ? { unit } : {}),
});
const text = (key: string, name: string): CategoryAttribute => ({ key, name, type: 'text' });
const flag = (key: string, name: string): CategoryAttribute => ({ key, name, type: 'boolean' });

export const demoCategories: DemoCategory[] = [
  { key: 'soldering', name: 'Soldering', attributes: [] },
  {
    key: 'tips',
    name: 'Soldering tips',
    parent: 'soldering',
    attributes: [
      number('width', 'Tip width', 'm'),
      text('shape', 'Shape'),
      text('series', 'Series'),
      flag('lead_free', 'Lead-free'),
    ],
  },
  {
    key: 'heaters',
    name: 'Heating elements',
    parent: 'soldering',
    attributes: [
      number('power', 'Power', 'W'),
      number('voltage', 'Voltage', 'V'),
      number('resistance', 'Cold resistance', 'Ω'),
    ],
  },
  {
    key: 'station_spares',
    name: 'Soldering station spares',
    parent: 'soldering',
    attributes: [text('fits', 'Fits model'), flag('wears', 'Wears out')],
  },
  { key: 'hot_air', name: 'Hot air', attributes: [] },
  {
    key: 'nozzles',
    name: 'Nozzles',
    parent: 'hot_air',
    attributes: [number('opening', 'Opening', 'm'), text('type', 'Type')],
  },
  {
    key: 'hot_air_spares',
    name: 'Hot-air station spares',
    parent: 'hot_air',
    attributes: [text('fits', 'Fits model'), flag('wears', 'Wears out')],
  },
  { key: 'measuring', name: 'Measuring', attributes: [] },
  {
    key: 'leads',
    name: 'Test leads',
    parent: 'measuring',
    attributes: [
      number('voltage', 'Rated voltage', 'V'),
      number('current', 'Rated current', 'A'),
      text('category', 'Measurement category'),
      number('length', 'Length', 'm'),
    ],
  },
  {
    key: 'fuses',
    name: 'Fuses',
    parent: 'measuring',
    attributes: [
      number('current', 'Rated current', 'A'),
      number('voltage', 'Rated voltage', 'V'),
      number('breaking', 'Breaking capacity', 'A'),
      text('speed', 'Speed'),
      text('size', 'Size'),
    ],
  },
  {
    key: 'meter_spares',
    name: 'Multimeter spares',
    parent: 'measuring',
    attributes: [text('fits', 'Fits model'), flag('wears', 'Wears out')],
  },
  { key: 'crimping', name: 'Crimping', attributes: [] },
  {
    key: 'dies',
    name: 'Crimp dies',
    parent: 'crimping',
    attributes: [text('terminal', 'Terminals'), text('range', 'Cross-section'), text('profile', 'Profile')],
  },
  {
    key: 'crimper_spares',
    name: 'Crimping tool spares',
    parent: 'crimping',
    attributes: [text('fits', 'Fits model'), flag('wears', 'Wears out')],
  },
  { key: 'components', name: 'Components', attributes: [] },
  {
    key: 'resistors',
    name: 'Resistors',
    parent: 'components',
    attributes: [
      number('resistance', 'Resistance', 'Ω'),
      text('tolerance', 'Tolerance'),
      number('power', 'Power', 'W'),
      text('package', 'Package'),
      flag('lead_free', 'Lead-free'),
    ],
  },
  {
    key: 'capacitors',
    name: 'Capacitors',
    parent: 'components',
    attributes: [
      number('capacitance', 'Capacitance', 'F'),
      number('voltage', 'Rated voltage', 'V'),
      text('tolerance', 'Tolerance'),
      text('dielectric', 'Dielectric'),
      text('package', 'Package'),
      flag('lead_free', 'Lead-free'),
    ],
  },
  {
    key: 'connectors',
    name: 'Connectors',
    parent: 'components',
    attributes: [
      number('pins', 'Pins'),
      number('pitch', 'Pitch', 'm'),
      number('current', 'Rated current', 'A'),
      text('mounting', 'Mounting'),
    ],
  },
];
