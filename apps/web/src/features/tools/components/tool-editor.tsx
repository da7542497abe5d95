import type { Tool } from '@shop/contract/tools';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { showError, showSuccess } from '../../../lib/toasts';
import { PartPicker } from '../../parts';
import { uploadImage, useSaveTool } from '../api/tools';
import {
  type EditedPart,
  type EditedTool,
  editedTool,
  emptyTool,
  newKey,
  toolInput,
  withHotspot,
  withPartMoved,
} from '../editor-state';
import { DiagramEditor } from './diagram-editor';

/** The admin's form for a tool model: its fields, its diagrams with their hotspots, its parts list. */
export function ToolEditor({ tool, onDone }: { tool: Tool | undefined; onDone: () => void }) {
  const ids = useId();
  const [edited, setEdited] = useState<EditedTool>(() => (tool ? editedTool(tool) : emptyTool()));
  const [uploading, setUploading] = useState(false);
  const save = useSaveTool();
  const set = (change: Partial<EditedTool>) => setEdited((current) => ({ ...current, ...change }));
  const setPart = (index: number, change: Partial<EditedPart>) =>
    setEdited((current) => ({
      ...current,
      parts: current.parts.map((part, i) => (i === index ? { ...part, ...change } : part)),
    }));
  /** The line just moved and which way: its button keeps the focus at its new place. */
  const moved = useRef<{ index: number; by: -1 | 1 } | null>(null);
  const move = (index: number, by: -1 | 1) => {
    moved.current = { index: index + by, by };
    setEdited((current) => withPartMoved(current, index, by));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each change of the list
  useEffect(() => {
    const line = moved.current;
    moved.current = null;
    if (!line) return;
    // At the list's end the same way is disabled: the other way has the focus.
    const same = document.getElementById(`${ids}-move${line.by}-${line.index}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${ids}-move${-line.by}-${line.index}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [edited.parts, ids]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: tool?._id, tool: toolInput(edited) },
      {
        onSuccess: () => {
          showSuccess(tool ? 'Tool model saved' : 'Tool model added');
          onDone();
        },
        onError: (error) => showError(error),
      },
    );
  };
  const field = (name: 'name' | 'model', label: string, max: number) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={`${ids}-${name}`}
        className="input input-bordered w-full"
        required
        maxLength={max}
        value={edited[name]}
        onChange={(event) => set({ [name]: event.target.value })}
      />
    </div>
  );
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-6"
      aria-label={tool ? `Edit ${tool.name}` : 'New tool model'}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {field('name', 'Name', 120)}
        {field('model', 'Model number', 60)}
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-img`} className="mb-1 block font-medium">
            Picture of the tool{edited.img ? ' (choose a file to replace it)' : ''}
          </label>
          <input
            id={`${ids}-img`}
            type="file"
            accept="image/*"
            className="file-input file-input-bordered w-full max-w-md"
            disabled={uploading}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setUploading(true);
              try {
                set({ img: await uploadImage(file) });
              } catch (error) {
                showError(error);
              } finally {
                setUploading(false);
              }
            }}
          />
          {edited.img && (
            <img
              src={edited.img}
              alt={edited.name || 'The tool'}
              className="mt-2 h-24 w-32 rounded object-cover"
            />
          )}
        </div>
      </div>

      <section aria-labelledby={`${ids}-parts`} className="flex flex-col gap-3">
        <h3 id={`${ids}-parts`} className="text-lg font-semibold">
          Parts list
        </h3>
        {edited.parts.length > 0 && (
          // The list's order is the tool page's (Up and Down move a line; its position stays).
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Part</th>
                <th scope="col">Per tool</th>
                <th scope="col">Wears out</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {edited.parts.map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the list
                <tr key={index}>
                  <LabelledCell label="Position">
                    <input
                      aria-label={`Position of ${part.partsName}`}
                      className="input input-bordered input-sm w-20"
                      maxLength={20}
                      value={part.position}
                      onChange={(event) => setPart(index, { position: event.target.value })}
                    />
                  </LabelledCell>
                  <LabelledCell label="Part">{part.partsName}</LabelledCell>
                  <LabelledCell label="Per tool">
                    <input
                      aria-label={`Pieces of ${part.partsName} per tool`}
                      type="number"
                      min={1}
                      className="input input-bordered input-sm w-24"
                      value={part.quantityPerTool}
                      onChange={(event) => setPart(index, { quantityPerTool: event.target.value })}
                    />
                  </LabelledCell>
                  <LabelledCell label="Wears out">
                    <input
                      aria-label={`${part.partsName} wears out`}
                      type="checkbox"
                      className="checkbox"
                      checked={part.wear}
                      onChange={(event) => setPart(index, { wear: event.target.checked })}
                    />
                  </LabelledCell>
                  <LabelledCell label={undefined}>
                    <button
                      id={`${ids}-move-1-${index}`}
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Move ${part.partsName} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      Up
                    </button>
                    <button
                      id={`${ids}-move1-${index}`}
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Move ${part.partsName} down`}
                      disabled={index === edited.parts.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Remove ${part.partsName} from the parts list`}
                      onClick={() => set({ parts: edited.parts.filter((_, i) => i !== index) })}
                    >
                      Remove
                    </button>
                  </LabelledCell>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <PartPicker
          label="Add a part to the parts list: search by name or part number"
          onPick={(picked) =>
            setEdited((current) => {
              const numbers = current.parts
                .map((p) => Number.parseInt(p.position, 10))
                .filter(Number.isFinite);
              const position = String(Math.max(0, ...numbers) + 1);
              const line = {
                partsId: picked._id,
                partsName: picked.name,
                position,
                quantityPerTool: '1',
                wear: false,
              };
              return { ...current, parts: [...current.parts, line] };
            })
          }
        />
      </section>

      <section aria-labelledby={`${ids}-diagrams`} className="flex flex-col gap-3">
        <h3 id={`${ids}-diagrams`} className="text-lg font-semibold">
          Exploded drawings
        </h3>
        {edited.diagrams.map((diagram) => (
          <DiagramEditor
            key={diagram.key}
            diagram={diagram}
            parts={edited.parts}
            onChange={(changed) =>
              setEdited((current) => ({
                ...current,
                diagrams: current.diagrams.map((d) => (d.key === changed.key ? changed : d)),
              }))
            }
            onPlace={(spot) => setEdited((current) => withHotspot(current, diagram.key, spot))}
            onRemove={() => set({ diagrams: edited.diagrams.filter((d) => d.key !== diagram.key) })}
          />
        ))}
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() =>
            set({ diagrams: [...edited.diagrams, { key: newKey(), title: '', img: '', hotspots: [] }] })
          }
        >
          Add a drawing
        </button>
      </section>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || uploading}>
          {tool ? 'Save tool model' : 'Add tool model'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
