import { Link } from 'react-router';

export function Banner() {
  return (
    <section className="hero rounded-box bg-gradient-to-br from-blue-900 to-blue-700 text-white">
      <div className="hero-content px-6 py-14 text-center sm:py-20">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold sm:text-5xl">Tools for the electronics bench, in bulk</h1>
          <p className="py-6 text-lg text-white/90">
            Soldering stations, meters, probes and crimping tools made for production lines, labs and repair
            centres. Order by the hundred at factory prices.
          </p>
          <Link to="/parts" className="btn btn-warning">
            Browse tools
          </Link>
        </div>
      </div>
    </section>
  );
}
