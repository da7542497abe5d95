import type { PriceBreak } from '@shop/contract/parts';

/**
 * The demo catalog's spare parts and components, for the parts finder: each in a category of
 * demo-categories.ts with its attributes (numbers in base units: metres, watts, ohms, farads),
 * its manufacturer part number in brackets at the end of its name (the tool models' seed finds
 * them by name), and its family's datasheet (demo-datasheets.ts).
 */
export interface DemoSparePart {
  name: string;
  category: string;
  /** File name in demo-images/, without .webp. */
  picture: string;
  desc: string;
  mpn: string;
  manufacturer: string;
  attributes: Record<string, number | string | boolean>;
  price_per_piece: number;
  min_order_quantity: number;
  available_quantity: number;
  price_breaks?: PriceBreak[];
  lifecycle?: 'nrnd' | 'obsolete';
  /** The mpn of the part to take instead. */
  replacement?: string;
  /** demo-datasheets.ts families whose documents the part lists. */
  family: string;
}

const OWN = 'Electronics Tools Manufacturers';
const breaks = (...pairs: [number, number][]): PriceBreak[] =>
  pairs.map(([min_quantity, price_per_piece]) => ({ min_quantity, price_per_piece }));

const TIP_SHAPES: Record<string, string> = { C: 'chisel', I: 'conical', BC: 'bevel', K: 'knife' };
function tip(
  code: string,
  widthMm: number,
  price: number,
  stock: number,
  extra: Partial<DemoSparePart> = {},
) {
  const shape = TIP_SHAPES[code] ?? 'chisel';
  const mpn = `T-${String(Math.round(widthMm * 10)).padStart(2, '0')}${code}`;
  return {
    name: `Soldering tip, ${shape} ${widthMm} mm (${mpn})`,
    category: 'tips',
    picture: 'soldering-tip',
    desc: `Replacement ${shape} tip, ${widthMm} mm, for the 80 W digital soldering station: iron-plated copper core, chrome-plated shaft, pre-tinned.`,
    mpn,
    manufacturer: OWN,
    attributes: { width: widthMm / 1000, shape, series: 'T', lead_free: true },
    price_per_piece: price,
    min_order_quantity: 10,
    available_quantity: stock,
    price_breaks: breaks([50, price - 1], [200, price - 2]),
    family: 'tips',
    ...extra,
  } satisfies DemoSparePart;
}

function heater(watts: number, volts: number, ohms: number, price: number, stock: number, extra = {}) {
  const mpn = `HE-${watts}${volts === 24 ? '' : `-${volts}`}`;
  return {
    name: `Heating element ${watts} W${volts === 24 ? '' : ` ${volts} V`} (${mpn})`,
    category: 'heaters',
    picture: 'heating-element',
    desc: `Ceramic heating element with built-in thermocouple, ${watts} W at ${volts} V. Replaces the heater of the digital soldering station in two minutes.`,
    mpn,
    manufacturer: OWN,
    attributes: { power: watts, voltage: volts, resistance: ohms },
    price_per_piece: price,
    min_order_quantity: 5,
    available_quantity: stock,
    family: 'heaters',
    ...extra,
  } satisfies DemoSparePart;
}

function nozzle(mpn: string, label: string, openingMm: number, type: string, price: number, stock: number) {
  return {
    name: `Hot-air nozzle ${label} (${mpn})`,
    category: 'nozzles',
    picture: 'hot-air-nozzle',
    desc: `Stainless steel nozzle for the 700 W hot air rework station: ${type.toLowerCase()} opening, ${label}, bayonet fit.`,
    mpn,
    manufacturer: OWN,
    attributes: { opening: openingMm / 1000, type },
    price_per_piece: price,
    min_order_quantity: 5,
    available_quantity: stock,
    family: 'nozzles',
  } satisfies DemoSparePart;
}

function fuse(
  amps: number,
  volts: number,
  breaking: number,
  size: string,
  speed: string,
  price: number,
  stock: number,
) {
  const mpn = `F-${amps < 1 ? `${amps * 1000}MA` : `${amps}A`}`;
  const rating = amps < 1 ? `${amps * 1000} mA` : `${amps} A`;
  return {
    name: `Fuse ${rating} ${volts} V (${mpn})`,
    category: 'fuses',
    picture: 'meter-fuse',
    desc: `${speed === 'Fast' ? 'Fast-acting' : 'Time-delay'} ceramic fuse, ${size} mm, ${breaking / 1000} kA breaking capacity: the meter's own current input fuse. Never replace it with a glass fuse.`,
    mpn,
    manufacturer: 'Siba',
    attributes: { current: amps, voltage: volts, breaking, speed, size: `${size} mm` },
    price_per_piece: price,
    min_order_quantity: 10,
    available_quantity: stock,
    price_breaks: breaks([100, price - 1]),
    family: 'fuses',
  } satisfies DemoSparePart;
}

function resistor(
  ohms: string,
  value: number,
  tolerance: string,
  watts: number,
  size: string,
  stock: number,
) {
  const code = size === '0603' ? 'RC0603' : 'RC1206';
  // Yageo writes the value with its multiplier as the decimal point: 4K7, 10R, 1M.
  const written = ohms
    .replace(/[ Ω]/g, '')
    .toUpperCase()
    .replace(/^(\d+)\.(\d+)([KM])$/, '$1$3$2');
  const mpn = `${code}FR-07${/[KM]/.test(written) ? written : `${written}R`}L`;
  return {
    name: `Resistor ${ohms} ${size}, 100 pcs (${mpn})`,
    category: 'resistors',
    picture: 'chip-resistor',
    desc: `Thick-film chip resistor ${ohms}, ${tolerance}, ${watts} W, ${size} package, on cut tape of 100 pieces. AEC-Q200 qualified.`,
    mpn,
    manufacturer: 'Yageo',
    attributes: { resistance: value, tolerance, power: watts, package: size, lead_free: true },
    price_per_piece: size === '0603' ? 2 : 3,
    min_order_quantity: 10,
    available_quantity: stock,
    family: 'resistors',
  } satisfies DemoSparePart;
}

function capacitor(
  label: string,
  farads: number,
  volts: number,
  dielectric: string,
  size: string,
  mpn: string,
  stock: number,
) {
  const mlcc = dielectric !== 'Aluminium electrolytic';
  return {
    name: `Capacitor ${label} ${volts} V ${mlcc ? `${dielectric} ${size}` : 'electrolytic'}, 100 pcs (${mpn})`,
    category: 'capacitors',
    picture: 'capacitor',
    desc: mlcc
      ? `Multilayer ceramic chip capacitor ${label}, ${volts} V, ${dielectric}, ${size} package, 100 pieces on cut tape.`
      : `Radial aluminium electrolytic capacitor ${label}, ${volts} V, 105 °C, ${size}, 100 pieces in a bag.`,
    mpn,
    manufacturer: mlcc ? 'Murata' : 'Nichicon',
    attributes: {
      capacitance: farads,
      voltage: volts,
      tolerance: mlcc ? (dielectric === 'C0G' ? '±5 %' : '±10 %') : '±20 %',
      dielectric,
      package: size,
      lead_free: true,
    },
    price_per_piece: mlcc ? 3 : 9,
    min_order_quantity: 10,
    available_quantity: stock,
    price_breaks: breaks([100, mlcc ? 2 : 8]),
    family: 'capacitors',
  } satisfies DemoSparePart;
}

function connector(
  pins: number,
  pitchMm: number,
  amps: number,
  mounting: string,
  mpn: string,
  price: number,
  stock: number,
) {
  return {
    name: `Pin header ${pins}-way ${pitchMm} mm ${mounting.toLowerCase()} (${mpn})`,
    category: 'connectors',
    picture: 'pin-header',
    desc: `Single-row pin header, ${pins} gold-plated pins at ${pitchMm} mm pitch, ${amps} A per contact, ${mounting.toLowerCase()} mounting.`,
    mpn,
    manufacturer: 'TE Connectivity',
    attributes: { pins, pitch: pitchMm / 1000, current: amps, mounting },
    price_per_piece: price,
    min_order_quantity: 20,
    available_quantity: stock,
    family: 'connectors',
  } satisfies DemoSparePart;
}

export const demoSpareParts: DemoSparePart[] = [
  tip('C', 1.2, 7, 900),
  tip('C', 1.6, 7, 1200),
  tip('C', 2.4, 8, 1500),
  tip('C', 3.2, 8, 700),
  tip('C', 5, 9, 0),
  tip('I', 1, 7, 800),
  tip('I', 1.5, 7, 300, { lifecycle: 'nrnd', replacement: 'T-10I' }),
  tip('BC', 1.6, 8, 400),
  tip('BC', 3, 9, 250),
  tip('K', 2.5, 9, 350),
  heater(80, 24, 8.5, 24, 600, { price_breaks: breaks([50, 22], [200, 20]) }),
  heater(60, 24, 11, 21, 0, { lifecycle: 'obsolete', replacement: 'HE-80' }),
  heater(120, 24, 5.5, 32, 180),
  heater(80, 230, 620, 29, 90),
  nozzle('N-4', '4 mm', 4, 'Round', 9, 400),
  nozzle('N-6', '6 mm', 6, 'Round', 9, 500),
  nozzle('N-8', '8 mm', 8, 'Round', 10, 450),
  nozzle('N-12', '12 mm', 12, 'Round', 11, 200),
  nozzle('NQ-14', 'QFP 14 × 14 mm', 14, 'Quad', 16, 120),
  nozzle('NB-30', 'BGA 30 × 30 mm', 30, 'BGA', 19, 0),
  {
    name: 'Test lead set 1000 V CAT III (TL-1000)',
    category: 'leads',
    picture: 'test-leads',
    desc: 'Silicone test leads with shrouded 4 mm plugs, probe tips with caps and alligator clips: the set that ships with the True-RMS meter.',
    mpn: 'TL-1000',
    manufacturer: OWN,
    attributes: { voltage: 1000, current: 10, category: 'CAT III 1000 V', length: 1.2 },
    price_per_piece: 19,
    min_order_quantity: 5,
    available_quantity: 700,
    price_breaks: breaks([50, 17], [200, 15]),
    family: 'leads',
  },
  {
    name: 'Test lead set 600 V CAT IV, slim probes (TL-600S)',
    category: 'leads',
    picture: 'test-leads',
    desc: 'Test leads with 2 mm slim probe tips for dense boards, 4 mm shrouded plugs, CAT IV 600 V with caps on.',
    mpn: 'TL-600S',
    manufacturer: OWN,
    attributes: { voltage: 600, current: 10, category: 'CAT IV 600 V', length: 1 },
    price_per_piece: 24,
    min_order_quantity: 5,
    available_quantity: 260,
    family: 'leads',
  },
  {
    name: 'Kelvin clip lead set 30 V (TL-KC)',
    category: 'leads',
    picture: 'test-leads',
    desc: 'Four-wire Kelvin clips for low-resistance measurements, gold-plated jaws, 4 mm plugs.',
    mpn: 'TL-KC',
    manufacturer: OWN,
    attributes: { voltage: 30, current: 1, category: 'None (low voltage)', length: 0.9 },
    price_per_piece: 45,
    min_order_quantity: 2,
    available_quantity: 60,
    family: 'leads',
  },
  {
    name: 'Clamp meter test leads 1000 V CAT IV (TL-1000C)',
    category: 'leads',
    picture: 'test-leads',
    desc: 'Replacement leads for the 600 A clamp meter: right-angled plugs, 4 mm probe tips, CAT IV 1000 V rating.',
    mpn: 'TL-1000C',
    manufacturer: OWN,
    attributes: { voltage: 1000, current: 10, category: 'CAT IV 1000 V', length: 1.2 },
    price_per_piece: 22,
    min_order_quantity: 5,
    available_quantity: 180,
    family: 'leads',
  },
  fuse(10, 1000, 30_000, '10 × 38', 'Fast', 4, 2000),
  fuse(0.4, 1000, 30_000, '10 × 38', 'Fast', 4, 1600),
  fuse(0.63, 1000, 10_000, '6.3 × 32', 'Fast', 3, 900),
  fuse(11, 1000, 20_000, '10 × 38', 'Fast', 5, 0),
  fuse(1, 600, 10_000, '6.3 × 32', 'Time-delay', 3, 1100),
  fuse(2, 250, 1_500, '5 × 20', 'Time-delay', 2, 3000),
  {
    name: 'Crimp die set 0.5–6 mm² (CD-06)',
    category: 'dies',
    picture: 'crimp-die',
    desc: 'Hardened steel dies for insulated terminals in red, blue and yellow, for the ratcheting crimping tool. Swap them without tools.',
    mpn: 'CD-06',
    manufacturer: OWN,
    attributes: { terminal: 'Insulated', range: '0.5–6 mm²', profile: 'Oval' },
    price_per_piece: 29,
    min_order_quantity: 2,
    available_quantity: 240,
    price_breaks: breaks([20, 26]),
    family: 'dies',
  },
  {
    name: 'Crimp die set, ferrules 0.25–6 mm² (CD-F6)',
    category: 'dies',
    picture: 'crimp-die',
    desc: 'Square-profile dies for wire-end ferrules from 0.25 to 6 mm², for the ratcheting crimping tool.',
    mpn: 'CD-F6',
    manufacturer: OWN,
    attributes: { terminal: 'Ferrules', range: '0.25–6 mm²', profile: 'Square' },
    price_per_piece: 34,
    min_order_quantity: 2,
    available_quantity: 150,
    family: 'dies',
  },
  {
    name: 'Crimp die set, open barrel 0.5–2.5 mm² (CD-OB)',
    category: 'dies',
    picture: 'crimp-die',
    desc: 'B-crimp dies for non-insulated open-barrel terminals, 0.5 to 2.5 mm², for the ratcheting crimping tool.',
    mpn: 'CD-OB',
    manufacturer: OWN,
    attributes: { terminal: 'Non-insulated', range: '0.5–2.5 mm²', profile: 'B-crimp' },
    price_per_piece: 31,
    min_order_quantity: 2,
    available_quantity: 90,
    family: 'dies',
  },
  {
    name: 'Crimp die set, heat-shrink terminals 0.5–6 mm² (CD-HS)',
    category: 'dies',
    picture: 'crimp-die',
    desc: 'Dies with a wider profile for heat-shrink butt connectors and ring terminals, 0.5 to 6 mm².',
    mpn: 'CD-HS',
    manufacturer: OWN,
    attributes: { terminal: 'Heat-shrink', range: '0.5–6 mm²', profile: 'Oval' },
    price_per_piece: 36,
    min_order_quantity: 2,
    available_quantity: 70,
    family: 'dies',
  },
  resistor('10 Ω', 10, '1 %', 0.1, '0603', 4000),
  resistor('100 Ω', 100, '1 %', 0.1, '0603', 5000),
  resistor('1 kΩ', 1000, '1 %', 0.1, '0603', 8000),
  resistor('4.7 kΩ', 4700, '1 %', 0.1, '0603', 6000),
  resistor('10 kΩ', 10_000, '1 %', 0.1, '0603', 9000),
  resistor('100 kΩ', 100_000, '1 %', 0.1, '0603', 3000),
  resistor('1 MΩ', 1_000_000, '1 %', 0.1, '0603', 0),
  resistor('10 Ω', 10, '1 %', 0.25, '1206', 1500),
  resistor('1 kΩ', 1000, '1 %', 0.25, '1206', 2500),
  resistor('10 kΩ', 10_000, '1 %', 0.25, '1206', 2200),
  capacitor('100 nF', 100e-9, 50, 'X7R', '0603', 'GRM188R71H104KA93D', 9000),
  capacitor('1 µF', 1e-6, 25, 'X7R', '0603', 'GRM188R71E105KA12D', 6000),
  capacitor('4.7 µF', 4.7e-6, 25, 'X5R', '0805', 'GRM21BR61E475KA12L', 4000),
  capacitor('10 µF', 10e-6, 16, 'X5R', '0805', 'GRM21BR61C106KE15L', 3500),
  capacitor('22 pF', 22e-12, 50, 'C0G', '0603', 'GRM1885C1H220JA01D', 5000),
  capacitor('1 nF', 1e-9, 50, 'C0G', '0603', 'GRM1885C1H102JA01D', 5000),
  capacitor('100 µF', 100e-6, 25, 'Aluminium electrolytic', '6.3 × 11 mm', 'UHE1E101MED', 1200),
  capacitor('470 µF', 470e-6, 35, 'Aluminium electrolytic', '10 × 16 mm', 'UHE1V471MPD', 600),
  connector(2, 2.54, 3, 'Through-hole', '826629-2', 2, 5000),
  connector(4, 2.54, 3, 'Through-hole', '826629-4', 2, 4000),
  connector(10, 2.54, 3, 'Through-hole', '826629-10', 3, 2500),
  connector(6, 1.27, 1, 'Surface mount', '5-146280-6', 3, 1800),
  connector(10, 2, 2, 'Surface mount', '1-2213393-0', 4, 0),
];
