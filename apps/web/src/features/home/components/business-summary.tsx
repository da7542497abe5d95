const figures = [
  { value: '75M+', label: 'Annual revenue' },
  { value: '150K+', label: 'Reviews' },
  { value: '100+', label: 'Companies trust us' },
];

export function BusinessSummary() {
  return (
    <section id="about" aria-labelledby="summary-heading" className="mt-16 scroll-mt-24 text-center">
      <h2 id="summary-heading" className="text-3xl font-bold text-primary">
        Millions of businesses trust us
      </h2>
      <p className="mt-2 text-base-content/80">
        We design and manufacture tools for electronics assembly and repair, and ship them to businesses
        worldwide.
      </p>
      <dl className="stats stats-vertical mt-8 w-full bg-base-100 shadow sm:stats-horizontal">
        {figures.map((figure) => (
          <div key={figure.label} className="stat place-items-center">
            <dt className="stat-title text-base-content/80">{figure.label}</dt>
            <dd className="stat-value text-primary">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
