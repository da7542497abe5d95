import type { PartDocument } from '@shop/contract/catalog';
import { formatMeasure } from '@shop/contract/measures';
import { type Datasheet, documentUrl } from '../../modules/documents/index.js';
import { demoCategories } from './demo-categories.js';
import { type DemoSparePart, demoSpareParts } from './demo-spares.js';

/** One family of demo parts and the documents it lists: its datasheet, and more where it has them. */
interface Family {
  file: string;
  title: string;
  summary: string;
  notes: string[];
  /** Documents beyond the datasheet (served by the shop as well). */
  more?: { file: string; title: string; summary: string; notes: string[] }[];
}

const OWN_NOTES = [
  'Use only with the tool models named on the part’s page.',
  'Disconnect the tool from mains power before replacing any part.',
];

const families: Record<string, Family> = {
  tips: {
    file: 't-series-soldering-tips.pdf',
    title: 'T-series soldering tips',
    summary: 'Iron-plated copper tips for the 80 W digital soldering station, 150–480 °C.',
    notes: ['Keep the tip tinned when the station idles.', ...OWN_NOTES],
    more: [
      {
        file: 'soldering-tip-care.pdf',
        title: 'Soldering tip care guide',
        summary: 'How to tin, clean and store tips so they last: fewer replacements, better joints.',
        notes: [
          'Wipe on brass wool, not a wet sponge, at high temperatures.',
          'Re-tin before switching off.',
        ],
      },
    ],
  },
  heaters: {
    file: 'he-heating-elements.pdf',
    title: 'HE heating elements',
    summary: 'Ceramic heaters with a built-in thermocouple for the digital soldering station.',
    notes: [
      'Measure the cold resistance before fitting: a value 20 % off means a faulty element.',
      ...OWN_NOTES,
    ],
  },
  nozzles: {
    file: 'n-hot-air-nozzles.pdf',
    title: 'Hot-air nozzles',
    summary: 'Stainless steel bayonet nozzles for the 700 W hot air rework station.',
    notes: ['Change nozzles only when cold, or with the nozzle tool.', ...OWN_NOTES],
  },
  leads: {
    file: 'tl-test-leads.pdf',
    title: 'TL test lead sets',
    summary: 'Safety test leads for the shop’s multimeters and clamp meters, IEC 61010-031.',
    notes: [
      'Never exceed the lower rating of the meter and the leads.',
      'Check the insulation before each use.',
    ],
  },
  fuses: {
    file: 'f-meter-fuses.pdf',
    title: 'Meter fuses',
    summary: 'High-breaking-capacity ceramic fuses that protect the meters’ current inputs.',
    notes: ['Replace only with a fuse of the same rating and breaking capacity.', ...OWN_NOTES],
  },
  dies: {
    file: 'cd-crimp-dies.pdf',
    title: 'CD crimp die sets',
    summary: 'Interchangeable die sets for the ratcheting crimping tool.',
    notes: ['Calibrate the ratchet after changing dies.', ...OWN_NOTES],
  },
  resistors: {
    file: 'rc-thick-film-resistors.pdf',
    title: 'RC series thick-film chip resistors',
    summary: 'General-purpose thick-film chip resistors, 1 %, in 0603 and 1206 packages.',
    notes: ['Reflow profile per J-STD-020, peak 260 °C.', 'Store below 40 °C and 60 % RH.'],
  },
  capacitors: {
    file: 'capacitors.pdf',
    title: 'Ceramic and electrolytic capacitors',
    summary: 'MLCC in C0G, X5R and X7R, and radial aluminium electrolytic capacitors.',
    notes: [
      'Class II ceramics lose capacitance with DC bias: see the curves online.',
      'Electrolytics: mind the polarity.',
    ],
  },
  connectors: {
    file: 'pin-headers.pdf',
    title: 'Pin headers',
    summary: 'Single-row pin headers, gold-plated, through-hole and surface mount.',
    notes: ['Mating cycles: 100.', 'Hand soldering: 350 °C for at most 5 s.'],
  },
};

/** A part's attribute value as the datasheet and the shop's pages write it. */
function shown(value: number | string | boolean, unit?: string): string {
  if (typeof value === 'number') return formatMeasure(value, unit);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** The datasheet of a family: its parts' numbers, names and attributes in a table. */
function sheetOf(family: Family, parts: DemoSparePart[], date: string) {
  const category = demoCategories.find((candidate) => candidate.key === parts[0]?.category);
  const attributes = category?.attributes ?? [];
  return {
    title: family.title,
    manufacturer: parts[0]?.manufacturer ?? 'Electronics Tools Manufacturers',
    summary: family.summary,
    columns: ['Part number', ...attributes.map((a) => a.name)],
    rows: parts.map((part) => [
      part.mpn,
      ...attributes.map((a) => {
        const value = part.attributes[a.key];
        return value === undefined ? '–' : shown(value, a.unit);
      }),
    ]),
    notes: family.notes,
    date,
  };
}

/** The sheets' own date: the same sheet renders the same way. */
const ISSUED = '2026-01-15T00:00:00.000Z';

/** The documents each family's parts list (served from demo-documents/). */
export function demoDocuments(): Map<string, PartDocument[]> {
  return new Map(
    Object.entries(families).map(([key, family]) => [
      key,
      [
        { title: `Datasheet: ${family.title}`, url: documentUrl(family.file) },
        ...(family.more ?? []).map((extra) => ({ title: extra.title, url: documentUrl(extra.file) })),
      ],
    ]),
  );
}

/** Every demo document's file name and what it says (scripts/make-demo-documents.ts writes them). */
export function demoDocumentSheets(): { file: string; sheet: Datasheet }[] {
  return Object.entries(families).flatMap(([key, family]) => {
    const parts = demoSpareParts.filter((part) => part.family === key);
    const manufacturer = parts[0]?.manufacturer ?? '';
    return [
      { file: family.file, sheet: sheetOf(family, parts, ISSUED) },
      ...(family.more ?? []).map((extra) => ({
        file: extra.file,
        sheet: { ...extra, manufacturer, columns: [], rows: [], date: ISSUED },
      })),
    ];
  });
}
