import { demoSpareParts } from './demo-spares.js';

/** The demo catalog: what a new shop shows before its admins add their own parts. */
export interface DemoPart {
  picture: string; // file name in demo-images/, without .webp
  name: string;
  desc: string;
  price_per_piece: number;
  min_order_quantity: number;
  available_quantity: number;
}

export const demoParts: DemoPart[] = [
  {
    picture: 'soldering-station',
    name: 'Digital Soldering Station 80 W',
    desc: 'Temperature-controlled station, 150–480 °C with ±2 °C stability, ESD-safe grounded tip, auto sleep after 10 minutes. Ships with a 1.6 mm chisel tip and stand.',
    price_per_piece: 89,
    min_order_quantity: 10,
    available_quantity: 450,
  },
  {
    picture: 'multimeter',
    name: 'True-RMS Digital Multimeter 6000 Counts',
    desc: 'CAT III 600 V handheld multimeter: AC/DC voltage and current, resistance, capacitance, frequency, diode and continuity test, backlit display, auto range.',
    price_per_piece: 42,
    min_order_quantity: 20,
    available_quantity: 800,
  },
  {
    picture: 'oscilloscope-probe',
    name: 'Oscilloscope Probe 100 MHz x1/x10',
    desc: 'Passive probe with switchable attenuation, BNC connector, 1.2 m cable, hook tip, ground lead and trimming tool. Fits every common bench oscilloscope.',
    price_per_piece: 18,
    min_order_quantity: 50,
    available_quantity: 2000,
  },
  {
    picture: 'crimping-tool',
    name: 'Ratcheting Crimping Tool 0.5–6 mm²',
    desc: 'Self-adjusting ratchet crimper for insulated terminals and ferrules. The ratchet releases only when the crimp is complete; hardened steel dies.',
    price_per_piece: 27,
    min_order_quantity: 25,
    available_quantity: 600,
  },
  {
    picture: 'hot-air-station',
    name: 'Hot Air Rework Station 700 W',
    desc: 'SMD rework station with brushless fan, 100–500 °C, adjustable airflow, three nozzles and a cool-down cycle that protects the heater.',
    price_per_piece: 129,
    min_order_quantity: 5,
    available_quantity: 120,
  },
  {
    picture: 'wire-stripper',
    name: 'Precision Wire Stripper 10–22 AWG',
    desc: 'Induction-hardened blades with marked gauges, built-in cutter and crimper for non-insulated terminals, spring-loaded cushioned grips.',
    price_per_piece: 14,
    min_order_quantity: 50,
    available_quantity: 1500,
  },
  {
    picture: 'esd-tweezers',
    name: 'ESD-Safe Precision Tweezers Set (6 pcs)',
    desc: 'Anti-static stainless steel tweezers with straight, curved and flat tips for placing SMD parts down to 0402. Dissipative coating, in a zipped case.',
    price_per_piece: 9,
    min_order_quantity: 100,
    available_quantity: 5000,
  },
  {
    picture: 'desoldering-pump',
    name: 'Aluminium Desoldering Pump',
    desc: 'One-hand vacuum solder sucker with heat-resistant PTFE nozzle and strong spring. The nozzle unscrews for cleaning and replacement.',
    price_per_piece: 6,
    min_order_quantity: 100,
    available_quantity: 3000,
  },
  {
    picture: 'bench-power-supply',
    name: 'Bench DC Power Supply 30 V 5 A',
    desc: 'Linear-regulated lab supply with coarse and fine adjustment, 4-digit voltage and current displays, constant current mode, short-circuit and overheat protection.',
    price_per_piece: 115,
    min_order_quantity: 5,
    available_quantity: 90,
  },
  {
    picture: 'clamp-meter',
    name: 'AC/DC Clamp Meter 600 A',
    desc: 'True-RMS clamp meter with 30 mm jaw, inrush current, zero function for DC, NCV voltage detection and data hold. CAT IV 600 V.',
    price_per_piece: 58,
    min_order_quantity: 10,
    available_quantity: 300,
  },
  {
    picture: 'logic-analyzer',
    name: 'USB Logic Analyzer 24 MHz 8 Channels',
    desc: 'Captures and decodes I²C, SPI, UART and CAN with open-source software. Comes with 10 test clips and a USB cable.',
    price_per_piece: 35,
    min_order_quantity: 20,
    available_quantity: 400,
  },
  {
    picture: 'pcb-holder',
    name: 'PCB Holder with Magnifier and Helping Hands',
    desc: 'Heavy cast-iron base, adjustable board clamp up to 200 mm, 3x LED magnifier and four flexible arms with alligator clips.',
    price_per_piece: 22,
    min_order_quantity: 30,
    available_quantity: 700,
  },
  {
    picture: 'solder-wire',
    name: 'Lead-Free Solder Wire 0.8 mm, 500 g',
    desc: 'Sn99.3Cu0.7 with no-clean flux core (2.2 %), RoHS compliant, low spatter, on a 500 g spool for production lines.',
    price_per_piece: 31,
    min_order_quantity: 40,
    available_quantity: 1200,
  },
  {
    picture: 'heat-shrink-kit',
    name: 'Heat Shrink Tubing Kit, 560 pcs',
    desc: 'Polyolefin tubes in 8 sizes and 5 colours, 2:1 shrink ratio, flame retardant, sorted in a reusable box.',
    price_per_piece: 11,
    min_order_quantity: 50,
    available_quantity: 2500,
  },
];

export const demoReviews = [
  {
    name: 'Farhana Akter',
    rating: 5,
    message:
      'We equipped our whole assembly line with the 80 W soldering stations. Stable temperature, fast heat-up and the order arrived in four days.',
  },
  {
    name: 'Daniel Weber',
    rating: 4,
    message:
      'Good multimeters for the price. Our technicians like the backlight; the test leads could be a little longer.',
  },
  {
    name: 'Rahim Chowdhury',
    rating: 5,
    message:
      'Bulk ordering is simple and the minimum quantities are fair. The crimping tools have held up through two months of daily use.',
  },
  {
    name: 'Mei Lin',
    rating: 4,
    message:
      'The hot air stations work well for our SMD rework bench. Clear invoices and quick answers from the sales team.',
  },
  {
    name: 'Carlos Mendes',
    rating: 5,
    message:
      'Third order of oscilloscope probes for our training lab. Consistent quality across batches, which matters to us.',
  },
  {
    name: 'Sophie Laurent',
    rating: 3,
    message: 'Tweezers are fine, but one set came with a bent tip. Support replaced it without any fuss.',
  },
  {
    name: 'Tanvir Hasan',
    rating: 5,
    message:
      'Reliable supplier for our repair centre: solder wire, desoldering pumps and stripping tools all from one place.',
  },
];

/**
 * The demo's spare parts and components (demo-spares.ts), by name, each ending in its
 * manufacturer part number in brackets: "Soldering tip, chisel 2.4 mm (T-24C)". The tool models'
 * seed (demo-tools.ts) names the parts on their parts lists by these names.
 */
export const demoSparePartNames: readonly string[] = demoSpareParts.map((part) => part.name);
