import { Link } from 'react-router';
import { useFittingTools } from '../api/tools';

/** A part's page's "Fits" section: the tool models it fits, with its position in each. */
export function FitsTools({ partId }: { partId: string }) {
  const { data: tools } = useFittingTools(partId);
  if (!tools || tools.length === 0) return null;
  return (
    <section aria-labelledby="fits-heading" className="mt-8">
      <h2 id="fits-heading" className="mb-2 text-xl font-semibold">
        Fits
      </h2>
      <ul className="flex flex-col gap-1">
        {tools.map((tool) => (
          <li key={`${tool.toolId}-${tool.position}`}>
            <Link to={`/tools/${encodeURIComponent(tool.toolId)}`} className="link link-primary">
              {tool.name} ({tool.model})
            </Link>
            , position {tool.position}
          </li>
        ))}
      </ul>
    </section>
  );
}
