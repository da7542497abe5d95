import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { loadData } from '../../../lib/server-data';
import { TOOLS_PAGE, toolsQuery } from '../api/tools';

/** The first page of the tool models (at most TOOLS_PAGE), by name. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  loadData(context, (server) => server.tools({ limit: TOOLS_PAGE }), toolsQuery({ limit: TOOLS_PAGE }));

/** /tools: the manufacturer's tool models, each leading to its drawings and parts list. */
export function ToolsPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeading title="Tool models">Tool models</PageHeading>
      <p className="mb-6 max-w-prose text-base-content/80">
        Find the spare part by the tool it goes in: open your tool's exploded drawing, choose the numbered
        position and add the part to your order.
      </p>
      {!page && <p>The tools cannot be shown just now. Please try again soon.</p>}
      {page && page.tools.length === 0 && <p>No tool models yet.</p>}
      {page && page.tools.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.tools.map((tool) => (
            <li key={tool._id}>
              <article className="card h-full bg-base-100 shadow">
                <figure className="aspect-[4/3] bg-base-200">
                  <img
                    src={tool.img}
                    alt=""
                    width={400}
                    height={300}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                </figure>
                <div className="card-body gap-1 p-4">
                  <h2 className="card-title text-lg">
                    <Link to={`/tools/${encodeURIComponent(tool._id)}`} className="link link-hover">
                      {tool.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-base-content/80">Model {tool.model}</p>
                  <p className="text-sm text-base-content/80">
                    {tool.parts.length === 1 ? '1 part' : `${tool.parts.length} parts`} in its parts list
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {page && page.total > page.tools.length && (
        <p className="mt-6 text-sm">
          Showing {page.tools.length} of {page.total} tool models.
        </p>
      )}
    </section>
  );
}
