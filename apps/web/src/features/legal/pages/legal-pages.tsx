import type { ReactNode } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { loadData } from '../../../lib/server-data';
import { operatorQuery } from '../api/operator';
import { OperatorAddress } from '../components/operator-address';

/** Every legal page names who runs the shop: read in process on the server, from the API in the browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return loadData(context, (server) => server.operator(), operatorQuery);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto grid max-w-3xl gap-8 leading-relaxed">
      <PageHeading title={title}>{title}</PageHeading>
      {children}
    </article>
  );
}

/** /terms: the terms every order is placed under; the checkout links here. */
export function TermsPage() {
  const operator = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Terms of sale">
      <Section title="1. Who sells">
        <p>Every order in this shop is a contract with:</p>
        <OperatorAddress operator={operator} />
      </Section>
      <Section title="2. Who may buy">
        <p>
          The shop sells to businesses. A buyer needs an account; a company may buy through several accounts,
          within the monthly limit and the approvals its administrators set.
        </p>
      </Section>
      <Section title="3. Prices">
        <p>
          Prices are per piece, in whole dollars, as shown when the order is placed. Where a part has price
          breaks, the price for the ordered quantity applies to every piece of the line. A quote the shop has
          offered is binding at its prices until it expires.
        </p>
      </Section>
      <Section title="4. Orders">
        <p>
          Each part is ordered from its minimum order quantity up to the quantity available. An order is
          accepted when the shop confirms it with its order number; its pieces are then held for it.
        </p>
      </Section>
      <Section title="5. Payment">
        <p>
          Orders are paid by card when they are placed, up to 9,999.99 an order. Companies the shop has
          granted terms to may pay on account: the invoice is sent when the order is placed (or approved) and
          is due 30 days later, by bank transfer to the account it names.
        </p>
        <p>
          An unpaid order may be cancelled by its buyer. An unpaid card order that is not paid in time
          expires, and its pieces go back to stock.
        </p>
      </Section>
      <Section title="6. Delivery">
        <p>
          Orders are shipped to the address given at checkout, with the carrier and tracking number mailed to
          the buyer when they leave. The risk passes to the buyer on delivery.
        </p>
      </Section>
      <Section title="7. Defects">
        <p>
          Please check deliveries on arrival and tell us of a defect or a shortfall within 14 days, with the
          order number. A defective part is replaced, or its price refunded, as the law applicable to sales
          between businesses provides.
        </p>
      </Section>
      <Section title="8. Personal data">
        <p>
          How the shop handles personal data is set out in its{' '}
          <Link className="link" to="/privacy">
            privacy notice
          </Link>
          .
        </p>
      </Section>
    </LegalPage>
  );
}

/** /privacy: what the shop keeps about the people who use it, why, and for how long. */
export function PrivacyPage() {
  const operator = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Privacy notice">
      <Section title="Who is responsible">
        <OperatorAddress operator={operator} />
      </Section>
      <Section title="What the shop keeps">
        <ul className="list-disc pl-6">
          <li>Your account: name, email address, mobile number, addresses, and the company you buy for.</li>
          <li>Your orders, quotes, lists, invoices and the reviews you write.</li>
          <li>The messages you send us through Contact Us.</li>
          <li>
            A record of sign-ins and of changes made in the shop (who, what and when, with the network
            address), to keep accounts safe.
          </li>
        </ul>
      </Section>
      <Section title="Why">
        <p>
          To take, deliver and invoice your orders (the contract), to keep the records the law asks of a
          seller, and to protect accounts against misuse. The shop sets no advertising or tracking cookies;
          your browser keeps your sign-in in its own storage until you log out.
        </p>
      </Section>
      <Section title="Who else receives it">
        <p>
          The card payment provider receives what a card payment needs; the carrier receives the delivery
          address. Nothing is sold or shared for advertising.
        </p>
      </Section>
      <Section title="How long">
        <p>
          Orders and invoices are kept as long as the law requires of accounting records. Everything else is
          kept while your account exists.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You may ask what the shop keeps about you, have it corrected, or have it deleted where the law
          allows, by writing to the address above.
        </p>
      </Section>
    </LegalPage>
  );
}

/** /imprint: who runs the shop and how to reach them. */
export function ImprintPage() {
  const operator = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Imprint">
      <Section title="Operator of this shop">
        <OperatorAddress operator={operator} />
      </Section>
      <Section title="Responsible for the content">
        <p>{operator?.legalName ?? 'The operator named above.'}</p>
      </Section>
    </LegalPage>
  );
}
