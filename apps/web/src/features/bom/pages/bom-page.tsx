import type { BomLine, BomMapping, BomResult } from '@shop/contract/bom';
import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { formatCount, formatDollars } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useSession } from '../../auth';
import { addToOrder, SaveListButton } from '../../order-builder';
import { quoteRequestPath } from '../../quotes';
import { type BomRequest, readBom } from '../api/read-bom';
import { FIX_MAPPING, fixRows, partLines, savedMapping, saveMapping, totals, withFixes } from '../bom-lines';
import { type BomInput, BomSource } from '../components/bom-source';
import { BomTable } from '../components/bom-table';
import { MappingForm } from '../components/mapping-form';

const PAGE = 100;

/** A fixed line: what the buyer typed or chose, and the line matched with it. */
interface Fix {
  partNumber: string;
  line: BomLine;
}

/**
 * /bom: a bill of materials read from a file or pasted rows (POST /api/bom), its columns shown and
 * changeable (the mapping remembered in this browser for the buyer), its lines with their part,
 * quantities, price and problems; a line fixed by choosing a candidate or typing a number; then
 * Order these (into the order builder), Ask for a quote or Save as list.
 */
export function BomPage() {
  const session = useSession();
  const uid = session.status === 'signed-in' ? session.user.uid : '';
  const navigate = useNavigate();
  const [boards, setBoards] = useState('1');
  const [attrition, setAttrition] = useState('0');
  const [input, setInput] = useState<BomInput>();
  const [result, setResult] = useState<BomResult>();
  const [columns, setColumns] = useState<{ names: string[]; message: string }>();
  const [fixes, setFixes] = useState<ReadonlyMap<number, Fix>>(new Map());
  const [busy, setBusy] = useState(false);
  const [busyRow, setBusyRow] = useState<number>();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [offset, setOffset] = useState(0);

  const numbers = () => ({ boards: Number(boards.trim() || 1), attrition: Number(attrition.trim() || 0) });

  /** Matches the fixed lines again (one request), e.g. for other boards. */
  const refix = async (kept: ReadonlyMap<number, Fix>, request: Omit<BomRequest, 'mapping'>) => {
    if (kept.size === 0) return kept;
    const rows = [...kept.entries()];
    const again = await readBom({
      ...request,
      text: fixRows(
        rows.map(([, fix]) => ({ partNumber: fix.partNumber, quantity: fix.line.input.quantity })),
      ),
      mapping: FIX_MAPPING,
    });
    return new Map(
      rows.map(([row, fix], i) => [
        row,
        { ...fix, line: { ...(again.lines[i] as BomLine), row, input: fix.line.input } },
      ]),
    );
  };

  const read = async (from: BomInput, mapping?: BomMapping) => {
    setBusy(true);
    setInput(from);
    const request = { ...from, ...numbers() };
    const remembered = mapping ?? savedMapping(uid);
    try {
      let answer: BomResult;
      try {
        answer = await readBom({ ...request, mapping: remembered });
      } catch (error) {
        // A remembered mapping that does not fit this file: its columns found by their headings.
        if (!mapping && remembered && error instanceof ApiError && error.details.columns)
          answer = await readBom(request);
        else throw error;
      }
      if (mapping) saveMapping(uid, mapping);
      const kept = await refix(fixes, { ...request, text: '' });
      setResult(answer);
      setFixes(kept);
      setColumns(undefined);
      setOffset(0);
    } catch (error) {
      if (error instanceof ApiError && error.details.columns) {
        setResult(undefined);
        setColumns({ names: error.details.columns, message: error.message });
      } else showError(error);
    } finally {
      setBusy(false);
    }
  };

  const fix = async (line: BomLine, partNumber: string) => {
    setBusyRow(line.row);
    try {
      const original = result?.lines.find((one) => one.row === line.row) ?? line;
      const kept = await refix(new Map([[line.row, { partNumber, line: original }]]), { ...numbers() });
      setFixes(new Map([...fixes, ...kept]));
      const fixed = kept.get(line.row)?.line;
      if (fixed?.match) showSuccess(`Row ${line.row}: ${fixed.match.partsName}`);
      else showError(new Error(`Row ${line.row}: no single part has the number ${partNumber}`));
    } catch (error) {
      showError(error);
    } finally {
      setBusyRow(undefined);
    }
  };

  const lines = result
    ? withFixes(result.lines, new Map([...fixes].map(([row, one]) => [row, one.line])))
    : [];
  const sums = totals(lines);
  const chosen = partLines(lines);
  const shown = onlyProblems ? lines.filter((line) => line.problems.length > 0) : lines;
  const orderThese = () => {
    for (const line of chosen.lines) addToOrder(line.partsId, line.quantity, line.reference);
    showSuccess(
      `Added ${chosen.lines.length === 1 ? '1 part' : `${formatCount(chosen.lines.length)} parts`} to your order`,
    );
    void navigate('/order');
  };

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Bill of materials">Bill of materials</PageHeading>
      <p className="max-w-prose text-base-content/80">
        Upload or paste your BOM: each line is matched to our parts by our id, your own part number or the
        manufacturer's, and its order quantity worked out for your boards. Nothing is ordered until you say
        so.
      </p>
      <BomSource
        busy={busy}
        boards={boards}
        attrition={attrition}
        onBoards={setBoards}
        onAttrition={setAttrition}
        onRead={(from) => void read(from)}
      />
      {columns && input && (
        <>
          <p role="alert" className="text-error">
            {columns.message}
          </p>
          <MappingForm
            columns={columns.names}
            mapping={savedMapping(uid)}
            busy={busy}
            onApply={(m) => void read(input, m)}
          />
        </>
      )}
      {result && input && (
        <>
          <MappingForm
            key={`${result.columns.join('\u0000')}|${JSON.stringify(result.mapping)}`}
            columns={result.columns}
            mapping={result.mapping}
            busy={busy}
            onApply={(m) => void read(input, m)}
          />
          <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4" aria-live="polite">
            <p>
              <strong>{formatCount(lines.length)}</strong> lines for {formatCount(result.boards)} boards
              {result.attrition ? ` (+${result.attrition}% attrition)` : ''}:{' '}
              <strong>{formatCount(lines.length - sums.unmatched)}</strong> matched,{' '}
              <strong>{formatCount(sums.unmatched)}</strong> without a part, {formatCount(sums.problems)} with
              problems. Total <strong>{formatDollars(sums.total)}</strong>
              {result.encoding ? (
                <span className="text-sm text-base-content/70"> · read as {result.encoding}</span>
              ) : null}
            </p>
            {chosen.left > 0 && (
              <p className="text-sm text-warning-content">
                An order, quote or list holds at most {MAX_ORDER_LINES} parts: the first {MAX_ORDER_LINES} go,{' '}
                {formatCount(chosen.left)} more stay here.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary"
                disabled={chosen.lines.length === 0}
                onClick={orderThese}
              >
                Order these ({formatCount(chosen.lines.length)})
              </button>
              {chosen.lines.length > 0 ? (
                <Link to={quoteRequestPath(chosen.lines)} className="btn btn-outline">
                  Ask for a quote
                </Link>
              ) : null}
              <SaveListButton
                lines={chosen.lines}
                defaultName={input && 'file' in input ? input.file.name.replace(/\.[^.]+$/, '') : 'BOM'}
                className="btn btn-outline"
                disabled={chosen.lines.length === 0}
              />
            </div>
            <p className="text-sm text-base-content/70">
              Lines without a part, with an obsolete part or without a quantity stay out; fix them below.
            </p>
          </div>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={onlyProblems}
              onChange={(event) => {
                setOnlyProblems(event.target.checked);
                setOffset(0);
              }}
            />
            Only lines with problems
          </label>
          <BomTable
            lines={shown.slice(offset, offset + PAGE)}
            busyRow={busyRow}
            onFix={(line, n) => void fix(line, n)}
          />
          <Pager offset={offset} limit={PAGE} total={shown.length} onChange={setOffset} />
        </>
      )}
    </section>
  );
}
