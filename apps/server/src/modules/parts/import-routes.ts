import { ErrorBody } from '@shop/contract/errors';
import {
  PARTS_CSV_COLUMNS,
  PARTS_CSV_MAX_BYTES,
  PARTS_CSV_MAX_ROWS,
  PARTS_CSV_OPTIONAL_COLUMNS,
  PartsImported,
} from '@shop/contract/parts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { importParts } from './service.js';

const notCsv = () =>
  new AppError('unsupported_media_type', 'Send the file as CSV with content-type: text/csv (UTF-8)');

/** The file's bytes, as the text/csv parser below hands them on. */
const CsvFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({
    type: 'string',
    format: 'binary',
    description: `UTF-8 CSV, header ${PARTS_CSV_COLUMNS.join(', ')}, optionally ${PARTS_CSV_OPTIONAL_COLUMNS.join(', ')}`,
  });

/** `charset=utf-8` or no charset at all: the file is read as UTF-8, and any other is refused. */
function charsetIsUtf8(contentType: string | undefined): boolean {
  const params = (contentType ?? '').split(';').slice(1);
  return params.every((param) => {
    const [key = '', value = ''] = param.split('=').map((part) => part.trim());
    return key.toLowerCase() !== 'charset' || value.replace(/^"(.*)"$/, '$1').toLowerCase() === 'utf-8';
  });
}

/**
 * `POST /api/parts/import`. Only this route reads text/csv (and nothing else): it lives in its
 * own plugin, so every JSON route still answers 415 to a CSV body.
 */
export async function partImportRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  await app.register(async (csv) => {
    csv.removeAllContentTypeParsers();
    csv.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: PARTS_CSV_MAX_BYTES },
      (request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: Buffer) => void) => {
        if (!charsetIsUtf8(request.headers['content-type'])) done(notCsv());
        else done(null, body);
      },
    );
    csv.addContentTypeParser('*', (_request, _payload, done) => done(notCsv()));

    csv.withTypeProvider<ZodTypeProvider>().post(
      '/api/parts/import',
      {
        onRequest: deps.guard.admin,
        // A request without a body (and so without a parser) is no CSV file either.
        preValidation: async (request) => {
          if (!Buffer.isBuffer(request.body)) throw notCsv();
        },
        bodyLimit: PARTS_CSV_MAX_BYTES,
        schema: {
          tags: ['parts'],
          summary: 'Add parts from a CSV file (admins): all rows or none',
          description:
            `The body is the file itself (content-type: text/csv, UTF-8, at most ${PARTS_CSV_MAX_BYTES / 1024} KiB, ` +
            `at most ${PARTS_CSV_MAX_ROWS} rows). Its first line names the columns ${PARTS_CSV_COLUMNS.join(', ')} ` +
            'in any order, and may name price_breaks: the price breaks as min_quantity:price_per_piece pairs ' +
            'separated by ; (e.g. 100:12;500:10; empty: none). Each row is checked with the rules of POST /api/parts, and a text cell that starts ' +
            'like a spreadsheet formula is refused. If any row is refused nothing is added, and the 422 ' +
            '(code csv_rows_refused) lists each refused row: its line, column and reason.',
          security: [{ bearer: [] }],
          consumes: ['text/csv'],
          body: CsvFile,
          response: {
            201: PartsImported,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const insertedIds = await importParts(deps.db, callerOf(request), request.body);
        return reply.status(201).send({ insertedIds, count: insertedIds.length });
      },
    );
  });
}
