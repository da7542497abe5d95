export interface PortfolioRow {
  label: string;
  value: string;
  href?: string;
}

export interface PortfolioSection {
  title: string;
  rows: PortfolioRow[];
}

/** The developer's portfolio of docs/product.md §2: contact details, education, project links, technologies. */
export const portfolio: { name: string; role: string; sections: PortfolioSection[] } = {
  name: 'Nadia Rahman',
  role: 'Full-stack web developer',
  sections: [
    {
      title: 'Contact',
      rows: [
        { label: 'Email', value: 'nadia.rahman@example.com', href: 'mailto:nadia.rahman@example.com' },
        { label: 'Phone', value: '+880 1700 000000' },
        { label: 'Location', value: 'Dhaka, Bangladesh' },
      ],
    },
    {
      title: 'Education',
      rows: [
        { label: 'Degree', value: 'B.Sc. in Computer Science and Engineering' },
        { label: 'University', value: 'University of Dhaka' },
        { label: 'Years', value: '2016 – 2020' },
      ],
    },
    {
      title: 'Projects',
      rows: [
        {
          label: 'Parts shop',
          value: 'B2B shop for electronics tool parts',
          href: 'https://example.com/projects/parts-shop',
        },
        {
          label: 'Warehouse tracker',
          value: 'Stock and shipment dashboard',
          href: 'https://example.com/projects/warehouse',
        },
        {
          label: 'Repair desk',
          value: 'Ticketing for a repair centre',
          href: 'https://example.com/projects/repair-desk',
        },
        {
          label: 'Lab booking',
          value: 'Booking of shared lab equipment',
          href: 'https://example.com/projects/lab-booking',
        },
      ],
    },
    {
      title: 'Technologies',
      rows: [
        { label: 'Languages', value: 'TypeScript, JavaScript, SQL' },
        { label: 'Front end', value: 'React, React Router, TanStack Query, Tailwind CSS' },
        { label: 'Back end', value: 'Node.js, Fastify, PostgreSQL, SQLite' },
        { label: 'Testing', value: 'Vitest, Playwright' },
      ],
    },
  ],
};
