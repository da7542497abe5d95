import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  BOM_MAX_BYTES,
  BOM_MAX_COLUMNS,
  BOM_MAX_ROWS,
  BomOptions,
  BomResult,
  BomTextBody,
} from '@shop/contract/bom';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentedBodies } from '../../http/api-docs.js';
import { AppError, badRequest } from '../../http/app-error.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { XLSX_MAX_UNPACKED_BYTES } from './read-xlsx.js';
import { type BomDeps, type BomSource, readBom } from './service.js';

const MIB = 1024 * 1024;
const tooLarge = () =>
  new AppError(
    'too_large',
    `A bill of materials may be at most ${BOM_MAX_BYTES / MIB} MiB; this file is larger`,
  );

/** The form's text fields besides the file: the options, `mapping` as JSON text. */
const FORM_FIELDS: readonly string[] = Object.keys(BomOptions.shape);

/** The form as the API document shows it. */
const BomForm = BomOptions.extend({
  file: z
    .file()
    .describe(
      `the bill of materials: CSV or XLSX, at most ${BOM_MAX_BYTES / MIB} MiB, told apart by its bytes (not its name)`,
    ),
  mapping: z
    .string()
    .optional()
    .describe(
      'the columns to read as JSON text: {"partNumber": "<column>", "quantity": "<column>", …}; left out: found by their headings',
    ),
});

/** The first problem of a body or of the form's fields, naming the field. */
function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw badRequest(
    `${issue?.path.join('.') || 'body'} ${issue?.message.replace(/^Invalid input: /, '') ?? 'is invalid'}`,
  );
}

/** The form's file and fields: `file`, and `boards`, `attrition` and `mapping` (JSON) as text. */
async function readForm(request: FastifyRequest): Promise<{ source: BomSource; options: BomOptions }> {
  let bytes: Buffer | undefined;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || bytes) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest('Send one file, in the field file');
      }
      bytes = await readFile(part);
    } else if (FORM_FIELDS.includes(part.fieldname)) {
      fields[part.fieldname] = part.value;
    }
  }
  if (!bytes) throw badRequest('file is required: the CSV or XLSX file of the bill of materials');
  if (typeof fields.mapping === 'string') {
    try {
      fields.mapping = JSON.parse(fields.mapping);
    } catch {
      throw badRequest('mapping must be JSON: {"partNumber": "<column>", "quantity": "<column>", …}');
    }
  }
  return { source: { kind: 'file', bytes }, options: parsed(BomOptions, fields) };
}

/** The file's bytes, refused as soon as they pass the limit (multipart's fileSize counts them as they come). */
async function readFile(file: MultipartFile): Promise<Buffer> {
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** `POST /api/bom`: a bill of materials read, matched and priced; nothing is ordered. */
export async function bomRoutes(
  app: FastifyInstance,
  deps: BomDeps & { guard: AuthGuard; perAccount: number },
) {
  // Multipart is read by this route's scope alone: every other route keeps taking JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BOM_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 8 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bom',
      {
        onRequest: deps.guard.buyer,
        config: {
          rateLimit: limit('boms-account', deps.perAccount, (request) => callerOf(request).id),
          // The handler reads the body itself: the document shows both ways of sending it.
          swaggerTransform: documentedBodies({
            'multipart/form-data': BomForm,
            'application/json': BomTextBody,
          }),
        },
        // The file and the form's fields, or pasted text of the same size as JSON.
        bodyLimit: BOM_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['bom'],
          summary:
            'Read a bill of materials: match its lines to parts and work out what to order (buyers); nothing is ordered',
          description: [
            `Either multipart/form-data with the field \`file\` (CSV or XLSX, at most ${BOM_MAX_BYTES / MIB} MiB; told apart by its bytes, not its name) and the text fields \`boards\`, \`attrition\` and \`mapping\` (JSON text), or JSON {text, boards?, attrition?, mapping?} with rows pasted from a spreadsheet (tab, semicolon or comma separated).`,
            `So many a window per account (RATE_LIMIT_BOMS_PER_ACCOUNT), then 429 with retry-after. At most ${BOM_MAX_ROWS} rows besides a header (413 too_large, before any matching), at most ${BOM_MAX_COLUMNS} columns a row (400). CSV is read as UTF-8 (with or without its byte order mark), UTF-16 by its byte order mark or, without one, by its zero bytes, else Windows-1252 (\`encoding\` says which). XLSX: the first sheet; a formula's saved result; a workbook that unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / MIB} MiB → 400. Bytes that are neither → 415; an old .xls → 415.`,
            "Columns: `mapping` names them ({partNumber, quantity, reference?, description?}, by their header names, or A, B, C… for rows without a header). Without it the first row is the header when a cell of it is a known heading (MPN, Manufacturer Part Number, Mfr Part, Part Number, Qty, Quantity, Designator, Reference, Description, …), the manufacturer's number preferred to a generic part number; a first row naming none is data, the quantity the first column holding only numbers and the part number the first other column. A mapping naming a missing column, or columns that cannot be chosen → 400 with `error.columns`.",
            "Matching, in a bounded number of queries for the whole BOM: our part id, then the buyer's customer part numbers, then the manufacturer's part number with case, spaces, -, / and . ignored (`exact` false when it matched only so). A number naming several parts, or only the start of numbers (3+ characters), or no number but words of the line's description (else its number) found in names, gives `candidates` and the problem `ambiguous`; nothing at all: `not_found`.",
            "`needed` = quantity × boards plus attrition percent, rounded up; `orderQuantity` = needed raised to the part's minimum and order multiple, then to a price break when that costs no more and stays within stock. Problems: `obsolete` (with `replacement`), `not_enough_stock` (stock below `needed`), `above_available` (stock covers `needed` but not `orderQuantity`), `invalid_quantity` (the cell is no number; quantity 0).",
          ].join('\n\n'),
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data', 'application/json'],
          response: {
            200: BomResult,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (request) => {
        const { source, options } = request.isMultipart()
          ? await readForm(request)
          : (() => {
              const { text, ...options } = parsed(BomTextBody, request.body);
              return { source: { kind: 'text', text } as BomSource, options };
            })();
        return readBom(deps, callerOf(request), source, options);
      },
    );
  });
}
