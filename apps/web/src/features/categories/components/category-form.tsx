import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  MAX_CATEGORY_ATTRIBUTES,
  UNSPSC_PATTERN,
} from '@shop/contract/catalog';
import { useFieldArray, useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import type { CategoryInput } from '../api/categories';
import type { PlacedCategory } from '../tree';

interface CategoryFields {
  name: string;
  parentId: string;
  attributes: { key: string; name: string; type: AttributeType; unit: string }[];
  unspsc: string;
}

const TYPE_NAMES: Record<AttributeType, string> = { number: 'Number', text: 'Text', boolean: 'Yes / no' };

/** The UNSPSC field's rule, as its hint says it and as its error repeats it. */
export const UNSPSC_HINT =
  "8 digits, such as 27111700: how buyers' procurement systems file this category's parts. Without one, the code of the category it sits in is sent.";
const unspscRules = {
  setValueAs: (value: string) => value.trim(),
  pattern: { value: UNSPSC_PATTERN, message: 'Enter exactly 8 digits, or leave it empty' },
};

/**
 * A category's name, parent, UNSPSC code and the attributes its parts carry. The server checks the
 * rules (a key used once, a unit only for numbers, an attribute in use keeps its type, a code of 8
 * digits) and names the field.
 */
export function CategoryForm({
  category,
  categories,
  busy,
  onSubmit,
}: {
  category?: PlacedCategory;
  categories: readonly PlacedCategory[];
  busy: boolean;
  onSubmit: (values: CategoryInput, done: () => void) => void;
}) {
  const form = useForm<CategoryFields>({
    defaultValues: {
      name: category?.name ?? '',
      parentId: category?.parentId ?? '',
      attributes: (category?.attributes ?? []).map((a) => ({ ...a, unit: a.unit ?? '' })),
      unspsc: category?.unspsc ?? '',
    },
  });
  const field = fieldsOf(form);
  const rows = useFieldArray({ control: form.control, name: 'attributes' });
  // A category cannot sit below itself or below one of its own sub-categories.
  const below = category ? categories.filter((c) => c.path.startsWith(`${category.path}`)) : [];
  const parents = categories.filter((c) => !below.includes(c));
  const submit = form.handleSubmit((values) =>
    onSubmit(
      {
        name: values.name.trim(),
        parentId: values.parentId || null,
        attributes: values.attributes.map(({ key, name, type, unit }) => ({
          key: key.trim(),
          name: name.trim(),
          type,
          ...(type === 'number' && unit.trim() ? { unit: unit.trim() } : {}),
        })),
        unspsc: values.unspsc.trim() || null,
      },
      () => (category ? undefined : form.reset()),
    ),
  );
  return (
    <RulesForm
      onSubmit={submit}
      className="card bg-base-100 shadow"
      body="card-body gap-3"
      submit={{
        label: category ? 'Save category' : 'Add category',
        busy,
        className: 'btn btn-primary self-start',
      }}
    >
      <TextField label="Name" maxLength={80} {...field('name', { required: 'Enter a name' })} />
      <label className="w-full">
        <span className="mb-1 block font-medium">Inside</span>
        <select className="select select-bordered w-full" {...form.register('parentId')}>
          <option value="">(a top category)</option>
          {parents.map((c) => (
            <option key={c._id} value={c._id}>
              {c.path}
            </option>
          ))}
        </select>
      </label>
      <div className="w-full sm:max-w-sm">
        <TextField
          label="UNSPSC code (optional)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          hint={UNSPSC_HINT}
          {...field('unspsc', unspscRules)}
        />
      </div>
      <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-2 sm:p-3">
        <legend className="px-1 font-medium">Attributes</legend>
        <p className="text-sm text-base-content/70">
          What the parts of this category are filtered by. The key is what addresses and files use (lower-case
          letters, digits, _); numbers are kept in their base unit (Ω, F, W, V, m, s).
        </p>
        {rows.fields.map((row, index) => (
          <fieldset
            key={row.id}
            className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1.5fr_1fr_0.7fr_auto]"
          >
            <legend className="sr-only">Attribute {index + 1}</legend>
            <TextField
              label="Key"
              maxLength={40}
              {...field(`attributes.${index}.key`, { required: 'Enter a key' })}
            />
            <TextField
              label="Name"
              maxLength={60}
              {...field(`attributes.${index}.name`, { required: 'Enter a name' })}
            />
            <label>
              <span className="mb-1 block font-medium">Type</span>
              <select
                className="select select-bordered w-full"
                {...form.register(`attributes.${index}.type`)}
              >
                {ATTRIBUTE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_NAMES[type]}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label="Unit"
              maxLength={8}
              disabled={form.watch(`attributes.${index}.type`) !== 'number'}
              {...field(`attributes.${index}.unit`)}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove attribute ${index + 1}`}
              onClick={() => rows.remove(index)}
            >
              Remove
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={rows.fields.length >= MAX_CATEGORY_ATTRIBUTES}
          onClick={() => rows.append({ key: '', name: '', type: 'number', unit: '' })}
        >
          Add attribute
        </button>
      </fieldset>
    </RulesForm>
  );
}
