import { type MouseEvent, useId, useState } from 'react';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { showError } from '../../../lib/toasts';
import { uploadImage } from '../api/tools';
import type { EditedDiagram, EditedHotspot, EditedPart } from '../editor-state';
import { shareOf } from '../editor-state';
import { placeAt } from './tool-drawing';

/**
 * One diagram of the tool being edited: its title, its picture (uploaded), and its hotspots:
 * clicking the picture places one for the part chosen above it; each can be moved by its x and y.
 */
export function DiagramEditor({
  diagram,
  parts,
  onChange,
  onPlace,
  onRemove,
}: {
  diagram: EditedDiagram;
  parts: readonly EditedPart[];
  onChange: (diagram: EditedDiagram) => void;
  onPlace: (spot: { partsId: string; partsName: string; x: number; y: number }) => void;
  onRemove: () => void;
}) {
  const ids = useId();
  const [partsId, setPartsId] = useState('');
  const [uploading, setUploading] = useState(false);
  const chosen = parts.find((part) => part.partsId === partsId) ?? parts[0];
  const place = (event: MouseEvent<HTMLImageElement>) => {
    if (!chosen) return;
    const box = event.currentTarget.getBoundingClientRect();
    onPlace({
      partsId: chosen.partsId,
      partsName: chosen.partsName,
      x: shareOf(event.clientX - box.left, box.width),
      y: shareOf(event.clientY - box.top, box.height),
    });
  };
  const setSpot = (index: number, change: Partial<EditedHotspot>) =>
    onChange({
      ...diagram,
      hotspots: diagram.hotspots.map((spot, i) => (i === index ? { ...spot, ...change } : spot)),
    });
  const nameOf = (id: string) =>
    parts.find((part) => part.partsId === id)?.partsName ?? 'A part not on the list';
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-4">
      <legend className="fieldset-legend">Diagram: {diagram.title || 'untitled'}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-title`} className="mb-1 block font-medium">
            Title
          </label>
          <input
            id={`${ids}-title`}
            className="input input-bordered w-full"
            value={diagram.title}
            maxLength={100}
            onChange={(event) => onChange({ ...diagram, title: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-img`} className="mb-1 block font-medium">
            Drawing (a picture)
          </label>
          <input
            id={`${ids}-img`}
            type="file"
            accept="image/*"
            className="file-input file-input-bordered w-full"
            disabled={uploading}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setUploading(true);
              try {
                onChange({ ...diagram, img: await uploadImage(file) });
              } catch (error) {
                showError(error);
              } finally {
                setUploading(false);
              }
            }}
          />
        </div>
      </div>
      {diagram.img && (
        <>
          <div className="mt-3">
            <label htmlFor={`${ids}-part`} className="mb-1 block font-medium">
              Part of the next hotspot (click on the drawing to place it)
            </label>
            {parts.length === 0 ? (
              <p id={`${ids}-part`}>Add parts to the parts list first.</p>
            ) : (
              <select
                id={`${ids}-part`}
                className="select select-bordered w-full max-w-md"
                value={chosen?.partsId ?? ''}
                onChange={(event) => setPartsId(event.target.value)}
              >
                {parts.map((part) => (
                  <option key={`${part.partsId}-${part.position}`} value={part.partsId}>
                    {part.position}: {part.partsName}
                  </option>
                ))}
              </select>
            )}
          </div>
          <div className="relative mt-3 max-w-3xl">
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: the hotspots' x and y fields below place them by keyboard */}
            <img
              src={diagram.img}
              alt={`Drawing of ${diagram.title || 'the diagram'}: click to place a hotspot`}
              className="block h-auto w-full cursor-crosshair rounded-box border border-base-300"
              onClick={place}
            />
            {diagram.hotspots.map((spot, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: hotspots have no id of their own
                key={index}
                ref={placeAt(spot)}
                aria-hidden="true"
                className="badge badge-primary pointer-events-none absolute -translate-x-1/2 -translate-y-1/2"
              >
                {spot.label}
              </span>
            ))}
          </div>
        </>
      )}
      {diagram.hotspots.length > 0 && (
        <table className="table table-cards mt-3">
          <caption className="text-left font-semibold">Hotspots</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Part</th>
              <th scope="col">x (0–1)</th>
              <th scope="col">y (0–1)</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {diagram.hotspots.map((spot, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: hotspots have no id of their own
              <tr key={index}>
                <LabelledCell label="Position">
                  <input
                    aria-label={`Position of hotspot ${index + 1}`}
                    className="input input-bordered input-sm w-20"
                    value={spot.label}
                    maxLength={20}
                    onChange={(event) => setSpot(index, { label: event.target.value })}
                  />
                </LabelledCell>
                <LabelledCell label="Part">{nameOf(spot.partsId)}</LabelledCell>
                {(['x', 'y'] as const).map((axis) => (
                  <LabelledCell key={axis} label={axis}>
                    <input
                      aria-label={`${axis} of hotspot ${index + 1}`}
                      type="number"
                      min={0}
                      max={1}
                      step="any"
                      className="input input-bordered input-sm w-24"
                      value={spot[axis]}
                      onChange={(event) => setSpot(index, { [axis]: Number(event.target.value) })}
                    />
                  </LabelledCell>
                ))}
                <LabelledCell label={undefined}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove hotspot ${index + 1}`}
                    onClick={() =>
                      onChange({ ...diagram, hotspots: diagram.hotspots.filter((_, i) => i !== index) })
                    }
                  >
                    Remove
                  </button>
                </LabelledCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="btn btn-outline btn-error btn-sm mt-3 self-start" onClick={onRemove}>
        Remove this diagram
      </button>
    </fieldset>
  );
}
