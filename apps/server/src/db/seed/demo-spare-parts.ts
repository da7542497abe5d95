/*
 * The spare parts of the demo tools (demo-tools.ts), by name: kept in one list so that the other
 * demo data can name them too.
 */

/** A spare part of the demo tools: the names other demo data may use to name them. */
export interface DemoSparePart {
  name: string;
  desc: string;
  price_per_piece: number;
  min_order_quantity: number;
  available_quantity: number;
  /** A picture of demo-images/, without .webp: the tool it belongs to. */
  picture: string;
}

const spare = (
  picture: string,
  name: string,
  desc: string,
  price: number,
  min: number,
  stock: number,
): DemoSparePart => ({
  picture,
  name,
  desc,
  price_per_piece: price,
  min_order_quantity: min,
  available_quantity: stock,
});

/** Every spare part of the demo tools, by name: created by the seed when the catalog has none of that name. */
export const DEMO_SPARE_PARTS = [
  spare(
    'soldering-station',
    'Soldering tip, chisel 2.4 mm (T-24C)',
    'Chisel tip for the 80 W handpiece, iron-plated copper core.',
    6,
    5,
    900,
  ),
  spare(
    'soldering-station',
    'Heating element 80 W (HE-80)',
    'Ceramic heater with built-in sensor for the 80 W handpiece.',
    24,
    1,
    160,
  ),
  spare(
    'soldering-station',
    'Tip retaining nut (TN-80)',
    'Knurled nut holding tip and heater in the handpiece.',
    3,
    2,
    400,
  ),
  spare(
    'soldering-station',
    'Silicone grip sleeve (GS-80)',
    'Heat-resistant grip for the 80 W handpiece.',
    5,
    1,
    220,
  ),
  spare(
    'soldering-station',
    'Handpiece cable 1.2 m (HC-12)',
    'Silicone cable with 5-pin plug for the 80 W handpiece.',
    14,
    1,
    80,
  ),
  spare(
    'soldering-station',
    'Cleaning sponge (CS-60)',
    'Cellulose sponge for the station stand, pack of one.',
    1,
    10,
    3000,
  ),
  spare(
    'hot-air-station',
    'Hot-air nozzle 8 mm (N-8)',
    'Round stainless nozzle, 8 mm, bayonet fit.',
    7,
    2,
    500,
  ),
  spare(
    'hot-air-station',
    'Heating element 700 W (HE-700)',
    'Mica-wound heater for the hot-air handpiece.',
    19,
    1,
    120,
  ),
  spare(
    'hot-air-station',
    'Fan motor 24 V (FM-24)',
    'Brushless fan motor of the hot-air handpiece.',
    16,
    1,
    60,
  ),
  spare(
    'hot-air-station',
    'Handle shell (HS-858)',
    'Two-part handle shell of the hot-air handpiece.',
    9,
    1,
    90,
  ),
  spare('hot-air-station', 'Air hose 1 m (AH-10)', 'Silicone air hose with cable, 1 m.', 11, 1, 70),
  spare(
    'multimeter',
    'Test lead set 1000 V CAT III (TL-1000)',
    'Silicone test leads with 4 mm plugs and shrouded probes.',
    12,
    1,
    600,
  ),
  spare(
    'multimeter',
    'Fuse 10 A 1000 V (F-10A)',
    'Fast-acting ceramic fuse, 10 × 38 mm, for the 10 A input.',
    4,
    5,
    2500,
  ),
  spare(
    'multimeter',
    'Fuse 600 mA 1000 V (F-600M)',
    'Fast-acting ceramic fuse, 6 × 32 mm, for the mA input.',
    3,
    5,
    2500,
  ),
  spare('multimeter', 'Battery cover (BC-60)', 'Battery compartment cover with captive screw.', 2, 1, 300),
  spare('multimeter', 'Protective holster (HL-60)', 'Rubber holster with tilt stand.', 6, 1, 250),
  spare('multimeter', 'Rotary switch knob (RK-60)', 'Function switch knob of the multimeter.', 2, 1, 200),
  spare(
    'crimping-tool',
    'Crimp die set 0.5–6 mm² (CD-06)',
    'Hardened steel dies for insulated terminals, 0.5–6 mm².',
    15,
    1,
    180,
  ),
  spare(
    'crimping-tool',
    'Return spring (RS-06)',
    'Handle return spring of the ratchet crimper.',
    1,
    10,
    1500,
  ),
  spare(
    'crimping-tool',
    'Ratchet pawl (RP-06)',
    'Ratchet pawl that keeps the crimp from opening early.',
    3,
    1,
    150,
  ),
  spare('crimping-tool', 'Handle grips, pair (HG-06)', 'Two-component handle grips.', 4, 1, 200),
  spare('crimping-tool', 'Ratchet adjustment screw (AS-06)', 'Screw that sets the ratchet force.', 1, 5, 800),
] as const satisfies readonly DemoSparePart[];

export type DemoSparePartName = (typeof DEMO_SPARE_PARTS)[number]['name'];
