import { PageHeading } from '../../../components/ui/page-heading';
import { blogArticles } from '../../../content/blog-articles';

const heightClass = { 500: 'h-[500px]', 350: 'h-[350px]', 600: 'h-[600px]' } as const;

export function BlogPage() {
  return (
    <section>
      <PageHeading title="Blog">Blog</PageHeading>
      <div className="grid gap-10">
        {blogArticles.map((article) => (
          <article
            key={article.slug}
            className="card overflow-hidden bg-base-100 shadow"
            aria-labelledby={article.slug}
          >
            <figure>
              <img
                src={article.image.src}
                alt={article.image.alt}
                width={800}
                height={article.image.height}
                loading="lazy"
                decoding="async"
                className={`w-full object-cover ${heightClass[article.image.height]}`}
              />
            </figure>
            <div className="card-body gap-4">
              <h2 id={article.slug} className="card-title text-2xl">
                {article.question}
              </h2>
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="leading-relaxed">
                  {paragraph}
                </p>
              ))}
              {article.code && (
                <pre className="overflow-x-auto rounded-box bg-neutral p-4 text-sm text-neutral-content">
                  <code>{article.code}</code>
                </pre>
              )}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
