import type { CompanySummary, PaymentTerms } from '@shop/contract/companies';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { formatCount } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { COMPANIES_PAGE_SIZE, useCompanies, useSetPaymentTerms } from '../api/companies';

/** Companies (the shop's admin): every company, newest first, and a switch of its payment terms. */
export function CompaniesAdminPage() {
  const paging = usePaging(COMPANIES_PAGE_SIZE);
  const companies = useCompanies(paging.page);
  useAccessRefusal(companies.error);
  const setTerms = useSetPaymentTerms();
  const columns: Column<CompanySummary>[] = [
    {
      header: 'Company',
      cell: (company) => (
        <>
          <div className="font-medium break-words">{company.name}</div>
          <div className="text-base-content/70">
            VAT id: <span className="[overflow-wrap:anywhere]">{company.vatId ?? 'none'}</span>
          </div>
          <div className="text-base-content/70">
            Since <DateTime at={company.createdAt} time="short" />
          </div>
        </>
      ),
    },
    { header: 'Members', cell: (company) => formatCount(company.membersCount) },
    {
      header: 'Prices',
      cell: (company) => (
        <Link to={`/dashboard/companies/${company._id}/prices`} className="link link-primary">
          Contract prices<span className="sr-only"> of {company.name}</span>
        </Link>
      ),
    },
    {
      header: 'Terms',
      cell: (company) => (
        <>
          <label htmlFor={`terms-${company._id}`} className="sr-only">
            Payment terms of {company.name}
          </label>
          <select
            id={`terms-${company._id}`}
            className="select select-bordered select-sm w-24"
            value={company.paymentTerms}
            disabled={setTerms.isPending}
            onChange={(event) => {
              const paymentTerms = event.target.value as PaymentTerms;
              setTerms.mutate(
                { companyId: company._id, paymentTerms },
                {
                  onSuccess: () =>
                    showSuccess(
                      `${company.name} now pays ${paymentTerms === 'net30' ? 'by invoice (net 30)' : 'by card'}`,
                    ),
                  onError: (error) => showError(error),
                },
              );
            }}
          >
            <option value="card">Card</option>
            <option value="net30">Net 30</option>
          </select>
        </>
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <p>Companies buy with their colleagues. Net 30: orders are invoiced at once and due 30 days later.</p>
      <PagedTable
        loading={companies.isPending}
        rows={companies.data?.companies}
        total={companies.data?.total}
        paging={paging}
        columns={columns}
        rowKey={(company) => company._id}
        empty={<p>No companies yet.</p>}
        className="table max-md:table-sm"
      />
    </section>
  );
}
