import type { Hotspot, Tool, ToolPart } from '@shop/contract/tools';
import { useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { useHydrated } from '../../../lib/hydrated';
import { loadData } from '../../../lib/server-data';
import { showSuccess } from '../../../lib/toasts';
import { addToOrder } from '../../order-builder';
import { toolQuery } from '../api/tools';
import { ChosenPart } from '../components/chosen-part';
import { ToolDrawing } from '../components/tool-drawing';
import { ToolPartsTable } from '../components/tool-parts-table';
import { wearPartLines } from '../wear-parts';

/** The tool model, or null (answered as a 404) for one the catalog does not have. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const tool = await loadData(context, (server) => server.tool(id), toolQuery(id));
  return tool ?? data(null, { status: 404 });
}

/** /tools/:id: a tool model's exploded drawings with their numbered hotspots, and its parts list. */
export function ToolPage() {
  const tool = useLoaderData<typeof loader>();
  if (!tool)
    return (
      <section>
        <title>Tool not found — Electronics Tools Manufacturers</title>
        <h1 className="mb-4 text-3xl font-bold text-primary">Tool not found</h1>
        <p className="mb-4">This tool model cannot be found. It may have been taken out of the catalog.</p>
        <Link to="/tools" className="btn btn-primary">
          See all tools
        </Link>
      </section>
    );
  return <ToolView key={tool._id} tool={tool} />;
}

/** The parts-list line a hotspot names: its part at its position (or at any position). */
const lineOf = (tool: Tool, spot: Hotspot): ToolPart | undefined =>
  tool.parts.find((line) => line.partsId === spot.partsId && line.position === spot.label) ??
  tool.parts.find((line) => line.partsId === spot.partsId);

function ToolView({ tool }: { tool: Tool }) {
  const [chosen, setChosen] = useState<{ spot?: Hotspot; line: ToolPart }>();
  const hydrated = useHydrated();
  const wearLines = wearPartLines([{ count: 1, parts: tool.parts }]);
  const addWearParts = () => {
    for (const line of wearLines) addToOrder(line.partsId, line.quantity);
    showSuccess(
      wearLines.length === 1
        ? 'Added 1 wear part to your order'
        : `Added ${wearLines.length} wear parts to your order`,
    );
  };
  return (
    <section>
      <title>{`${tool.name} (${tool.model}) — Electronics Tools Manufacturers`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-2">
          <li className="after:ml-2 after:text-base-content/50 after:content-['/']">
            <Link to="/tools" className="link link-primary">
              Tool models
            </Link>
          </li>
          <li aria-current="page" className="text-base-content/80">
            {tool.name}
          </li>
        </ol>
      </nav>
      <h1 className="text-3xl font-bold text-primary">{tool.name}</h1>
      <p className="mb-6 text-base-content/80">Model {tool.model}</p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {tool.diagrams.length === 0 && <p>This tool has no drawing yet: its parts are listed below.</p>}
          {tool.diagrams.map((diagram, index) => (
            <section key={diagram._id} aria-label={diagram.title}>
              <h2 className="mb-2 text-lg font-semibold">{diagram.title}</h2>
              <ToolDrawing
                diagram={diagram}
                first={index === 0}
                toolName={tool.name}
                chosen={chosen?.spot}
                onChoose={(spot) => {
                  const line = lineOf(tool, spot);
                  if (line) setChosen({ spot, line });
                }}
              />
            </section>
          ))}
        </div>
        <aside aria-label="Chosen part" className="card h-fit bg-base-200/60 lg:sticky lg:top-20">
          <div className="card-body p-4 sm:p-6" aria-live="polite">
            <ChosenPart line={chosen?.line} />
          </div>
        </aside>
      </div>
      <section aria-labelledby="parts-list" className="mt-10">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="parts-list" className="text-2xl font-semibold">
            Parts list
          </h2>
          <button
            type="button"
            className="btn btn-primary"
            // The builder is the app's: a press before it has the page would be lost.
            disabled={!hydrated || wearLines.length === 0}
            onClick={addWearParts}
          >
            Add all wear parts
          </button>
        </div>
        <ToolPartsTable
          parts={tool.parts}
          onShow={(line) => {
            setChosen({ line });
            document.querySelector('[aria-label="Chosen part"]')?.scrollIntoView({ block: 'nearest' });
          }}
        />
      </section>
    </section>
  );
}
