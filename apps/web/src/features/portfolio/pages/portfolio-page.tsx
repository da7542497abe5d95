import { PageHeading } from '../../../components/ui/page-heading';
import { portfolio } from '../../../content/portfolio';

export function PortfolioPage() {
  return (
    <section>
      <PageHeading title="Portfolio">Portfolio</PageHeading>
      <p className="mb-6 text-lg">
        <span className="font-semibold">{portfolio.name}</span> — {portfolio.role}
      </p>
      <div className="overflow-x-auto rounded-box bg-base-100 shadow">
        <table className="table">
          <caption className="sr-only">
            {portfolio.name}: contact details, education, projects and technologies
          </caption>
          {portfolio.sections.map((section) => (
            <tbody key={section.title}>
              <tr className="bg-base-200">
                <th colSpan={2} scope="colgroup" className="text-base text-primary">
                  {section.title}
                </th>
              </tr>
              {section.rows.map((row) => (
                <tr key={`${section.title}-${row.label}`}>
                  <th scope="row" className="w-1/3 font-medium">
                    {row.label}
                  </th>
                  {/* Already a label beside each value; a long address breaks anywhere rather than widen the table past a phone. */}
                  <td className="[overflow-wrap:anywhere]">
                    {row.href ? (
                      <a href={row.href} className="link link-primary" rel="noopener noreferrer">
                        {row.value}
                      </a>
                    ) : (
                      row.value
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
