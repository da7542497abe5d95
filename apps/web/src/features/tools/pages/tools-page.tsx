import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatCount } from '../../../lib/format';
import { loadData } from '../../../lib/server-data';
import { TOOLS_PAGE, toolsQuery } from '../api/tools';

/** The last page an address may ask for: its offset stays a whole number the API reads. */
const LAST_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / TOOLS_PAGE);

/** Which page of the tool models the address asks for (`?page=2`), from 1. */
export function toolsPageOf(url: string): number {
  const page = Number(new URL(url).searchParams.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1;
}

/** The address of a page of the tool models (the first is /tools). */
export const toolsAddress = (page: number) => (page > 1 ? `/tools?page=${page}` : '/tools');

/** A page of the tool models (at most TOOLS_PAGE), by name. */
export const loader = async ({ context, request }: LoaderFunctionArgs) => {
  const page = toolsPageOf(request.url);
  const query = { limit: TOOLS_PAGE, offset: (page - 1) * TOOLS_PAGE };
  return { page, found: await loadData(context, (server) => server.tools(query), toolsQuery(query)) };
};

/** /tools: the manufacturer's tool models, each leading to its drawings and parts list. */
export function ToolsPage() {
  const { page: number, found: page } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeading title="Tool models">Tool models</PageHeading>
      <p className="mb-6 max-w-prose text-base-content/80">
        Find the spare part by the tool it goes in: open your tool's exploded drawing, choose the numbered
        position and add the part to your order.
      </p>
      {!page && <p>The tools cannot be shown just now. Please try again soon.</p>}
      {page && page.tools.length === 0 && number === 1 && <p>No tool models yet.</p>}
      {page && page.tools.length === 0 && number > 1 && (
        <p>
          There is no page {number}. <Link to="/tools">See the first page</Link>.
        </p>
      )}
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
      {page && page.tools.length > 0 && (
        <Pager
          offset={(number - 1) * TOOLS_PAGE}
          limit={TOOLS_PAGE}
          total={page.total}
          totalText={`${formatCount(page.total)} tool models`}
          hrefOf={(offset) => toolsAddress(offset / TOOLS_PAGE + 1)}
        />
      )}
    </section>
  );
}
