import type { Operator } from '@shop/contract/legal';

/** The operator's name, address and contact as an address block; what is not configured is left off. */
export function OperatorAddress({ operator }: { operator: Operator | null }) {
  if (!operator?.legalName && !operator?.address) {
    return (
      <p>
        The operator's details are not available at the moment. Please write to us through Contact Us on the
        home page.
      </p>
    );
  }
  return (
    <address className="not-italic leading-relaxed">
      {operator.legalName && <strong className="block">{operator.legalName}</strong>}
      {operator.address?.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {operator.email && (
        <span className="block">
          Email:{' '}
          <a className="link" href={`mailto:${operator.email}`}>
            {operator.email}
          </a>
        </span>
      )}
      {operator.phone && <span className="block">Phone: {operator.phone}</span>}
      {operator.taxId && <span className="block">Tax ID: {operator.taxId}</span>}
    </address>
  );
}
