import { DateTime } from '../../../components/ui/date-time';
import { type Field, fieldsOf } from '../entry-words';

function Shown({ field }: { field: Field }) {
  const { shown } = field;
  if ('at' in shown) return <DateTime at={shown.at} time="short" />;
  if ('items' in shown)
    return (
      <ul className="ml-4 list-disc">
        {shown.items.map((item, index) => (
          // A list of words, shown once, never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: the items have no identity of their own.
          <li key={index}>{item}</li>
        ))}
        {shown.more > 0 && <li className="list-none text-base-content/60">and {shown.more} more</li>}
      </ul>
    );
  return <>{shown.text}</>;
}

/** An entry's before or after, in words: each value under its label (what did not change left out beside `other`). */
export function EntryValues({
  value,
  names,
  other,
}: {
  value: unknown;
  names?: Readonly<Record<string, string>> | undefined;
  other?: unknown;
}) {
  const fields = fieldsOf(value, names, other);
  if (fields.length === 0) return <span className="text-base-content/50">—</span>;
  return (
    // A long value (a picture's address) wraps anywhere rather than widen the table past the screen.
    <dl className="text-xs [overflow-wrap:anywhere]">
      {fields.map((field) => (
        <div key={field.key}>
          {field.label && <dt className="inline font-semibold">{field.label}: </dt>}
          <dd className="inline">
            <Shown field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
