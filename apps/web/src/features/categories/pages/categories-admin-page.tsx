import { useState } from 'react';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toastOutcome } from '../../../lib/toasts';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api/categories';
import { CategoryForm } from '../components/category-form';
import { inTreeOrder, type PlacedCategory } from '../tree';

const attributeWords = (category: PlacedCategory) =>
  category.attributes.map((a) => (a.unit ? `${a.name} (${a.unit})` : a.name)).join(', ') || 'none';

/** The admin's categories: the tree with its parts counted, and a form to add or change one. */
export function CategoriesAdminPage() {
  const categories = useCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<PlacedCategory | undefined>();
  const placed = inTreeOrder(categories.data ?? []);
  const confirm = useConfirmedAction(
    remove,
    (c: PlacedCategory) => c._id,
    (c) => `delete the category ${c.path}`,
  );
  return (
    <section className="flex flex-col gap-6">
      {categories.isPending && <ProgressBar />}
      {categories.isError && <p>The categories cannot be read just now.</p>}
      {categories.data && (
        <ul
          className="flex flex-col divide-y divide-base-300 rounded-box bg-base-100 shadow"
          aria-label="Categories"
        >
          {placed.length === 0 && <li className="p-3">No categories yet: add the first below.</li>}
          {placed.map((category) => (
            <li
              key={category._id}
              className="flex flex-wrap items-center gap-2 p-3"
              style={{ paddingLeft: `${0.75 + category.depth * 1.5}rem` }}
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {category.name}{' '}
                  <span className="font-normal text-base-content/70">
                    ({category.partCount} part{category.partCount === 1 ? '' : 's'})
                  </span>
                </p>
                <p className="text-sm text-base-content/70">Attributes: {attributeWords(category)}</p>
                {category.unspsc && (
                  <p className="text-sm text-base-content/70">UNSPSC code: {category.unspsc}</p>
                )}
              </div>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Edit ${category.path}`}
                onClick={() => setEditing(category)}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                aria-label={`Delete ${category.path}`}
                onClick={() => confirm.ask(category)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <h2 className="mb-2 text-lg font-semibold">{editing ? `Edit ${editing.path}` : 'Add a category'}</h2>
        {editing && (
          <button type="button" className="btn btn-ghost btn-sm mb-2" onClick={() => setEditing(undefined)}>
            Add a new one instead
          </button>
        )}
        <CategoryForm
          key={editing?._id ?? 'new'}
          {...(editing ? { category: editing } : {})}
          categories={placed}
          busy={save.isPending}
          onSubmit={(values, done) =>
            save.mutate(
              { ...values, ...(editing ? { id: editing._id } : {}) },
              toastOutcome(editing ? 'Category saved' : 'Category added', () => {
                done();
                setEditing(undefined);
              }),
            )
          }
        />
      </div>
      {confirm.modal}
    </section>
  );
}
